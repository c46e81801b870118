import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { concorda, formatDateBR, type TimelineItemView } from '@pulso/domain';
import { useRef, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { countLine, tipoLabel } from '../../../ui/timeline/timeline-format.ts';
import { anexosLabel } from '../../../ui/timeline/timeline-row.tsx';
import { TimelineTipoIcon } from '../../../ui/timeline/timeline-tipo-icon.tsx';
import { usePendentes } from '../api/get-pendentes.ts';
import { type PendenteDecision, useReviewPendente } from '../api/review-pendente.ts';
import classes from './pending-records.module.css';

/** Title of the list (docs/timeline-privacy.md). */
export const PENDENTES_TITLE = 'Registros aguardando sua aprovação';

/** Who added a pending record, as the list reads it. */
export function addedBy(item: Pick<TimelineItemView, 'terceiro'>): string {
  return item.terceiro
    ? `Adicionado por ${item.terceiro.name}`
    : 'Adicionado por alguém que não tem mais conta no Pulso';
}

/** '{Tipo} de {dd/mm/aaaa}, adicionado por {nome}': a record named in the confirmations. */
function recordName(item: TimelineItemView): string {
  const adicionado = concorda(item.tipo, 'adicionado');
  const who = item.terceiro ? `${adicionado} por ${item.terceiro.name}` : `${adicionado} por outra pessoa`;
  return `${tipoLabel(item.tipo)} de ${formatDateBR(item.data)}, ${who},`;
}

/**
 * 'Registros aguardando sua aprovação' on /timeline (docs/timeline-privacy.md):
 * the records other people (not doctors) added to the patient's timeline,
 * which nobody else sees until the patient accepts them. Each shows its
 * type, date, who added it, its description and attachments, a link to the
 * whole record, and 'Aceitar' / 'Recusar', each asked again in a dialog
 * (refusing deletes it with its attachments). A loading placeholder, the
 * failure with a retry, and a one-line empty state; 'Carregar mais' past 20.
 * After a decision the focus goes to the list's title, so a keyboard user
 * keeps their place.
 */
export function PendingRecords() {
  const query = usePendentes();
  const review = useReviewPendente();
  const snackbar = useSnackbar();
  const [asking, setAsking] = useState<{ item: TimelineItemView; decision: PendenteDecision } | null>(null);
  const title = useRef<HTMLHeadingElement>(null);

  const items = query.data?.pages.flatMap((page) => page.timelineItems) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;

  const decide = () => {
    if (!asking) return;
    review.mutate(
      { id: asking.item.id, decision: asking.decision },
      {
        onSuccess: (answer) => snackbar.success(answer.message),
        onError: (error) => snackbar.error(error),
        onSettled: () => {
          setAsking(null);
          title.current?.focus();
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="pendentes-titulo"
      className={`${classes.section} ${items.length > 0 ? classes.waiting : ''}`}
    >
      <h2 id="pendentes-titulo" ref={title} tabIndex={-1} className={classes.title}>
        {PENDENTES_TITLE}
      </h2>
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-label="Carregando registros aguardando aprovação">
          <Skeleton height={18} width="40%" />
          <Skeleton height={96} />
        </Stack>
      ) : query.isError && !query.data ? (
        <QueryError
          title="Não foi possível carregar os registros aguardando aprovação"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : items.length === 0 ? (
        <p className={classes.empty}>Nenhum registro aguardando sua aprovação.</p>
      ) : (
        <>
          <p className={classes.hint}>
            {total === 1
              ? 'Outra pessoa adicionou este registro à sua linha do tempo. Até você aceitar, só você e quem o adicionou podem vê-lo.'
              : 'Outras pessoas adicionaram estes registros à sua linha do tempo. Até você aceitar, só você e quem os adicionou podem vê-los.'}
          </p>
          {total > items.length && <p className={classes.hint}>{countLine(items.length, total)}</p>}
          <ul className={classes.list}>
            {items.map((item) => (
              <li key={item.id}>
                <PendingRecord item={item} onDecide={(decision) => setAsking({ item, decision })} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Stack gap="xs" align="center">
              {query.isFetchNextPageError && (
                <Text role="alert" c="red.9" fw={600}>
                  {query.error?.message}
                </Text>
              )}
              <Button
                size="md"
                variant="outline"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Carregar mais
              </Button>
            </Stack>
          )}
        </>
      )}
      <ConfirmDialog
        opened={asking?.decision === 'aceitar'}
        title="Aceitar registro?"
        confirmLabel="Aceitar registro"
        tone="neutral"
        busy={review.isPending}
        onConfirm={decide}
        onClose={() => setAsking(null)}
      >
        {asking &&
          `${recordName(asking.item)} passará a fazer parte da sua linha do tempo e poderá ser visto por quem tem acesso a ela.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking?.decision === 'recusar'}
        title="Recusar registro?"
        confirmLabel="Recusar e excluir"
        busy={review.isPending}
        onConfirm={decide}
        onClose={() => setAsking(null)}
      >
        {asking &&
          `${recordName(asking.item)} será ${concorda(asking.item.tipo, 'excluído')} com seus anexos. Esta ação não pode ser desfeita.`}
      </ConfirmDialog>
    </section>
  );
}

/** One pending record: what it is, who added it, and the two decisions. */
function PendingRecord({
  item,
  onDecide,
}: {
  item: TimelineItemView;
  onDecide: (decision: PendenteDecision) => void;
}) {
  const heading = `pendente-${item.id}`;
  const about = `${heading}-sobre`;
  return (
    <article aria-labelledby={heading} className={classes.card}>
      <div className={classes.head}>
        <h3 id={heading} className={classes.tipo}>
          <TimelineTipoIcon tipo={item.tipo} />
          {tipoLabel(item.tipo)}
        </h3>
        <span className={classes.date}>{formatDateBR(item.data)}</span>
      </div>
      <p id={about} className={classes.author}>
        {addedBy(item)}
      </p>
      {item.descricao.trim() !== '' && <p className={classes.descricao}>{item.descricao}</p>}
      <div className={classes.actions}>
        <Link to={generatePath(paths.timelineItem, { id: String(item.id) })} className={classes.link}>
          Ver registro completo
          {item.anexos.length > 0 && ` (${anexosLabel(item.anexos.length)})`}
        </Link>
        <div className={classes.buttons}>
          <Button
            variant="outline"
            color="red.9"
            aria-describedby={`${heading} ${about}`}
            onClick={() => onDecide('recusar')}
          >
            Recusar
          </Button>
          <Button aria-describedby={`${heading} ${about}`} onClick={() => onDecide('aceitar')}>
            Aceitar
          </Button>
        </div>
      </div>
    </article>
  );
}
