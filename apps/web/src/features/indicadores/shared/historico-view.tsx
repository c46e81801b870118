import { Button, Loader, Table, Text } from '@mantine/core';
import { formatDateBR, INDICADOR_MESSAGES, type IndicadorCategoriaVisual } from '@pulso/domain';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../ui/query-error.tsx';
import { useOverflowsX } from '../../../ui/use-overflows.ts';
import type { useHistorico } from '../api/indicadores-api.ts';
import { HistoricoChart, type Leitura, type Serie } from './historico-chart.tsx';
import { classes, IndicadorHeader, ToneBadge } from './ui.tsx';

export type { Serie };

/** A column of the history table. */
export interface Coluna<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Shown after the category (secondary: a phone may have to scroll to it). */
  depois?: boolean;
}

/** A legend entry: a category as shown and the range of values it covers. */
export type Legenda = IndicadorCategoriaVisual & { intervalo?: string };

/** The legend of an indicator's categories (in their order), each with its range as read (`intervalos`). */
export function legendaDe<K extends string>(
  visual: Record<K, IndicadorCategoriaVisual>,
  intervalos: Record<K, string>,
): Legenda[] {
  return (Object.entries(visual) as [K, IndicadorCategoriaVisual][]).map(([k, v]) => ({
    ...v,
    intervalo: intervalos[k],
  }));
}

/**
 * A history screen (docs/indicators-and-score.md "Histories"; issue 7): the
 * title and a way back to the entry screen; the chart; the table of readings
 * latest first (the server's order) with each row's category as a coloured
 * badge with its label; the legend of the categories; 'Carregar mais' while
 * there are more readings than loaded; the empty message
 * 'Nenhuma medição registrada ainda.'; the loading and error states.
 */
export function HistoricoView<T extends Leitura>({
  title,
  entrada,
  entradaLabel,
  intro,
  historico,
  series,
  unidade,
  colunas,
  categoria,
  legenda,
  acoes,
}: {
  title: string;
  entrada: string;
  entradaLabel: string;
  intro?: ReactNode;
  historico: ReturnType<typeof useHistorico>;
  series: Serie<T>[];
  unidade: string;
  colunas: Coluna<T>[];
  categoria: (item: T) => IndicadorCategoriaVisual;
  /** The categories and their ranges, as a list under the table. */
  legenda: Legenda[];
  /** A last column of actions per row (glucose: 'Editar'). */
  acoes?: Coluna<T>;
}) {
  const captionId = useId();
  const hintId = useId();
  const { ref: tableWrap, overflows } = useOverflowsX<HTMLElement>();
  const { query } = historico;
  const items = historico.items as unknown as T[];
  const antes = colunas.filter((c) => !c.depois);
  const depois = colunas.filter((c) => c.depois);

  return (
    <div className={classes.page}>
      <IndicadorHeader
        title={title}
        links={
          <Button component={Link} to={entrada} variant="default">
            {entradaLabel}
          </Button>
        }
      >
        {intro}
      </IndicadorHeader>

      {query.isPending && (
        <div role="status" aria-label="Carregando histórico">
          <Loader />
        </div>
      )}
      {query.isError && (
        <QueryError
          title="Não foi possível carregar o histórico"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {query.isSuccess && items.length === 0 && (
        <div className={classes.empty}>
          <Text fw={600}>{INDICADOR_MESSAGES.vazio}</Text>
          <Text size="sm">As medições que você salvar aparecem aqui, com um gráfico da evolução.</Text>
        </div>
      )}
      {query.isSuccess && items.length > 0 && (
        <>
          <section className={classes.card} aria-label="Gráfico">
            <HistoricoChart
              items={items}
              series={series}
              titulo={title}
              unidade={unidade}
              categoria={categoria}
            />
          </section>
          <section className={classes.card} aria-labelledby={captionId}>
            {overflows && (
              <p className={classes.scrollHint} id={hintId}>
                Deslize a tabela para o lado para ver todas as colunas →
              </p>
            )}
            {/* Focusable so that a keyboard can scroll a table wider than a phone (WCAG 2.1.1; axe scrollable-region-focusable). */}
            <section
              ref={tableWrap}
              className={classes.tableWrap}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
              tabIndex={0}
              aria-label="Tabela de medições"
              aria-describedby={overflows ? hintId : undefined}
              data-overflows={overflows || undefined}
            >
              <Table className={classes.table} striped verticalSpacing="xs" aria-labelledby={captionId}>
                <caption id={captionId} className={classes.caption}>
                  Medições ({historico.total}), da mais recente para a mais antiga
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Data e hora</Table.Th>
                    {antes.map((c) => (
                      <Table.Th scope="col" key={c.header}>
                        {c.header}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col">Classificação</Table.Th>
                    {depois.map((c) => (
                      <Table.Th scope="col" key={c.header}>
                        {c.header}
                      </Table.Th>
                    ))}
                    {acoes && <Table.Th scope="col">{acoes.header}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => {
                    const cat = categoria(item);
                    return (
                      <Table.Tr key={item.id} data-tom={cat.tom}>
                        <Table.Td>
                          <span className={classes.quando}>{formatDateBR(item.data_afericao)}</span>{' '}
                          <span className={classes.quando}>{item.time_afericao}</span>
                        </Table.Td>
                        {antes.map((c) => (
                          <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
                        ))}
                        <Table.Td>
                          <ToneBadge label={cat.label} tom={cat.tom} />
                        </Table.Td>
                        {depois.map((c) => (
                          <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
                        ))}
                        {acoes && <Table.Td>{acoes.cell(item)}</Table.Td>}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </section>
            {historico.query.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                className={classes.more}
              >
                Carregar mais
              </Button>
            )}
            <div>
              <Text size="sm" fw={600} mb={4}>
                Legenda
              </Text>
              <ul className={classes.legend}>
                {legenda.map((l) => (
                  <li key={l.label}>
                    <ToneBadge label={l.label} tom={l.tom} />
                    {l.intervalo && (
                      <Text span size="sm">
                        {' '}
                        {l.intervalo}
                      </Text>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
