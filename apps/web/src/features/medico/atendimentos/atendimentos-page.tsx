import { Avatar, Button, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type AtendimentoView, RECUSA_MOTIVOS, sessionTarget } from '@pulso/domain';
import { useId } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { formatDateAtTimeBR } from '../../../ui/date-time.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { type AtendimentosFiltro, parseFiltro } from '../api/atendimentos-filtro.ts';
import { appendAtendimentos, useAtendimentos } from '../api/get-atendimentos.ts';
import { mensagensNovasText, STATUS_LABELS } from '../format.ts';
import classes from './atendimentos-page.module.css';

const FILTROS: { value: AtendimentosFiltro; label: string; empty: string }[] = [
  { value: 'ativos', label: 'Em andamento', empty: 'Nenhum atendimento em andamento.' },
  { value: 'encerrados', label: 'Encerrados', empty: 'Nenhum atendimento encerrado.' },
  { value: 'todos', label: 'Todos', empty: 'Nenhum atendimento ainda.' },
];

/** '3 atendimentos', or '20 de 45 atendimentos' while more can be loaded. */
export function atendimentosCountLine(loaded: number, total: number): string {
  const all = Math.max(total, loaded);
  const noun = all === 1 ? 'atendimento' : 'atendimentos';
  return loaded < all ? `${loaded} de ${all} ${noun}` : `${all} ${noun}`;
}

/**
 * /medico/atendimentos?status=ativos|encerrados|todos, the doctor's care
 * sessions (issue 6 "Doctors": the list of its sessions). A segmented control
 * chooses the filter (kept in the address); each row shows the patient, the
 * status in words, the reason, the last date and the unread messages, and
 * opens the chat at /medico/atendimento/:id. 'Carregar mais' while more exist.
 */
export default function AtendimentosPage() {
  useDocumentTitle(pageTitles.medicoAtendimentos);
  const [params, setParams] = useSearchParams();
  const filtro = parseFiltro(params.get('status'));
  const query = useAtendimentos(filtro);
  const labelId = useId();
  const current = FILTROS.find((f) => f.value === filtro) ?? (FILTROS[0] as (typeof FILTROS)[number]);

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.medicoAtendimentos}
      </Title>
      <div className={classes.filter}>
        <span id={labelId} className={classes.filterLabel}>
          Mostrar
        </span>
        <SegmentedControl
          aria-labelledby={labelId}
          fullWidth
          color="teal.9"
          value={filtro}
          onChange={(value) => setParams({ status: value }, { replace: true })}
          data={FILTROS.map(({ value, label }) => ({ value, label }))}
        />
      </div>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Carregando atendimentos">
          <Skeleton height={96} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : query.isError && !query.data ? (
        <QueryError
          title="Não foi possível carregar os atendimentos"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <AtendimentoList
          atendimentos={query.data.pages.reduce<AtendimentoView[]>(
            (all, page) => appendAtendimentos(all, page.atendimentos),
            [],
          )}
          total={query.data.pages.at(-1)?.total ?? 0}
          empty={current.empty}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          loadMoreError={query.isFetchNextPageError ? query.error.message : null}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
    </div>
  );
}

function AtendimentoList({
  atendimentos,
  total,
  empty,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
}: {
  atendimentos: AtendimentoView[];
  total: number;
  empty: string;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  onLoadMore: () => void;
}) {
  if (atendimentos.length === 0) {
    return (
      <div className={classes.empty}>
        <Text fw={600}>{empty}</Text>
        <Text size="sm">
          Os atendimentos começam quando você aceita uma{' '}
          <Link to={paths.medicoSolicitacoes} className={classes.inlineLink}>
            solicitação
          </Link>
          .
        </Text>
      </div>
    );
  }
  return (
    <section aria-label="Lista de atendimentos" className={classes.section}>
      <p className={classes.count}>{atendimentosCountLine(atendimentos.length, total)}</p>
      <ul className={classes.list}>
        {atendimentos.map((atendimento) => (
          <li key={atendimento.id}>
            <AtendimentoRow atendimento={atendimento} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <Stack gap="xs" align="center" mt="md">
          {loadMoreError && (
            <Text role="alert" c="red.9" fw={600}>
              {loadMoreError}
            </Text>
          )}
          <Button size="md" variant="outline" color="teal.9" loading={loadingMore} onClick={onLoadMore}>
            Carregar mais
          </Button>
        </Stack>
      )}
    </section>
  );
}

/** The instant a row shows: when it ended, else when it was accepted, else when it was asked. */
function rowInstant(atendimento: AtendimentoView): { label: string; at: string } {
  if (atendimento.ended_at) return { label: 'Encerrado em', at: atendimento.ended_at };
  if (atendimento.accepted_at) return { label: 'Iniciado em', at: atendimento.accepted_at };
  return { label: 'Pedido em', at: atendimento.created_at };
}

function AtendimentoRow({ atendimento }: { atendimento: AtendimentoView }) {
  const { paciente } = atendimento;
  const target = sessionTarget(atendimento.status);
  const when = rowInstant(atendimento);
  const unread = atendimento.mensagens_novas;
  const body = (
    <>
      <Avatar
        src={paciente.avatar}
        alt={paciente.avatar ? `Foto de ${paciente.name}` : undefined}
        name={paciente.name}
        variant="filled"
        color="teal.9"
        size={44}
        radius={44}
      />
      <span className={classes.rowText}>
        <span className={classes.rowHead}>
          <span className={classes.name}>{paciente.name}</span>
          <span className={classes.status} data-status={atendimento.status}>
            {STATUS_LABELS[atendimento.status]}
          </span>
        </span>
        <span className={classes.motivo}>{atendimento.motivo}</span>
        <span className={classes.meta}>
          {when.label} <time dateTime={when.at}>{formatDateAtTimeBR(when.at)}</time>
          {atendimento.recusado_motivo !== null && (
            <> · Motivo da recusa: {RECUSA_MOTIVOS[atendimento.recusado_motivo]}</>
          )}
        </span>
      </span>
      {unread > 0 && <span className={classes.unread}>{mensagensNovasText(unread)}</span>}
    </>
  );
  if (target === 'recusa') return <div className={classes.row}>{body}</div>;
  const to =
    target === 'aguardando'
      ? paths.medicoSolicitacoes
      : generatePath(paths.medicoAtendimento, { id: String(atendimento.id) });
  return (
    <Link to={to} className={`${classes.row} ${classes.rowLink}`}>
      {body}
    </Link>
  );
}
