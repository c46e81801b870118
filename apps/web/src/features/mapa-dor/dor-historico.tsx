import { Loader, Table, Text, Title } from '@mantine/core';
import {
  DOR_HISTORICO_DIAS,
  DOR_MESSAGES,
  DOR_SHADE_LABELS,
  type DorHistoricoItem,
  type DorShade,
  dorShade,
  formatDateBR,
  intensidadeDorLabel,
  LOCAL_DOR_LABELS,
  type LocalDor,
} from '@pulso/domain';
import { useId } from 'react';
import { QueryError } from '../../ui/query-error.tsx';
import { useDorHistorico } from './api/get-dor-historico.ts';
import { BodyFigure, PartPaths, VIEW_LABELS } from './body-figure.tsx';
import bodyClasses from './body-map.module.css';
import type { BodyView } from './body-shapes.ts';
import classes from './mapa-dor-page.module.css';

const VIEWS: readonly BodyView[] = ['frente', 'costas'];
const SHADES = [1, 2, 3, 4] as const;

/** A shade's colour square, beside its label (never colour alone). */
function Swatch({ shade }: { shade: Exclude<DorShade, 0> }) {
  return <span className={bodyClasses.swatch} data-shade={shade} aria-hidden="true" />;
}

/**
 * 'Seu histórico de dor' (issue 5 "Pain map"; an addition of ours,
 * docs/health-record.md "Pain history"): the
 * patient's own pain of the last 90 days drawn on the body — each region
 * shaded by `dorShade` (how often and how strongly it hurt) — with a legend
 * and the same figures as a table (the drawing is one image for screen
 * readers, pointing to the table). Empty: 'Nenhum registro de dor nos
 * últimos 90 dias.'
 */
export function DorHistoricoSection() {
  const titleId = useId();
  const query = useDorHistorico();

  return (
    <section className={classes.card} aria-labelledby={titleId}>
      <div>
        <Title order={2} id={titleId} className={classes.cardTitle}>
          Seu histórico de dor
        </Title>
        <Text size="sm" c="dimmed">
          Últimos {DOR_HISTORICO_DIAS} dias
        </Text>
      </div>
      {query.isPending ? (
        <div className={classes.state} role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text fw={500}>Carregando ...</Text>
        </div>
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar seu histórico de dor"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.historico.length === 0 ? (
        <div className={classes.empty}>
          <Text fw={600}>{DOR_MESSAGES.historicoVazio}</Text>
          <Text size="sm" c="dimmed">
            Os locais que você registrar aparecem aqui no corpo, mais escuros quanto mais vezes e com mais
            força doeram.
          </Text>
        </div>
      ) : (
        <HistoricoContent historico={query.data.historico} />
      )}
    </section>
  );
}

function HistoricoContent({ historico }: { historico: DorHistoricoItem[] }) {
  const explainId = useId();
  const shadeOf = new Map<LocalDor, DorShade>(
    historico.map((row) => [row.local_dor, dorShade(row.vezes, row.intensidade_max)]),
  );
  return (
    <div className={classes.historyGrid}>
      <div
        role="img"
        aria-label="Seu histórico de dor desenhado no corpo. Os mesmos dados estão na tabela abaixo."
        className={classes.historyMap}
      >
        <div className={bodyClasses.map}>
          {VIEWS.map((view) => (
            <div key={view} className={bodyClasses.figure}>
              <BodyFigure
                view={view}
                className={bodyClasses.svg}
                renderPart={(part, key) => (
                  <g key={key} className={bodyClasses.shade} data-shade={shadeOf.get(part.local) ?? 0}>
                    <PartPaths part={part} />
                  </g>
                )}
              />
              <div className={bodyClasses.caption} aria-hidden="true">
                {VIEW_LABELS[view]}
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className={classes.historyDetails}>
        <div>
          <Text id={explainId} size="sm">
            A cor junta quantas vezes cada local doeu e a maior intensidade registrada.
          </Text>
          <ul className={classes.legend} aria-label="Legenda das cores">
            {SHADES.map((shade) => (
              <li key={shade}>
                <Swatch shade={shade} />
                {DOR_SHADE_LABELS[shade]}
              </li>
            ))}
          </ul>
        </div>
        <Table
          className={classes.table}
          captionSide="top"
          verticalSpacing="xs"
          horizontalSpacing="xs"
          aria-describedby={explainId}
        >
          <Table.Caption className={classes.caption}>Dor por local nos últimos 90 dias</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Local</Table.Th>
              <Table.Th scope="col">Vezes</Table.Th>
              <Table.Th scope="col">Maior intensidade</Table.Th>
              <Table.Th scope="col">Última vez</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {historico.map((row) => {
              const shade = dorShade(row.vezes, row.intensidade_max);
              return (
                <Table.Tr key={row.local_dor}>
                  <Table.Th scope="row" className={classes.localCell}>
                    <span className={classes.localName}>{LOCAL_DOR_LABELS[row.local_dor]}</span>
                    {shade > 0 && (
                      <span className={classes.localShade}>
                        <Swatch shade={shade as Exclude<DorShade, 0>} />
                        {DOR_SHADE_LABELS[shade as Exclude<DorShade, 0>]}
                      </span>
                    )}
                  </Table.Th>
                  <Table.Td>{row.vezes}</Table.Td>
                  <Table.Td>{intensidadeDorLabel(row.intensidade_max)}</Table.Td>
                  <Table.Td>{formatDateBR(row.ultima)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  );
}
