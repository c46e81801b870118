import { Button, Paper, Text, Title } from '@mantine/core';
import {
  concorda,
  formatDateBR,
  isLocked,
  TIMELINE_MESSAGES,
  TIPO_DOR,
  type TimelineActor,
  type TimelineItemUpdate,
  TimelineItemUpdateSchema,
  type TimelineItemView,
  timelineItemActions,
  type UserView,
} from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { TimelineItemDetail } from '../../../ui/timeline/timeline-detail.tsx';
import { tipoLabel } from '../../../ui/timeline/timeline-format.ts';
import { TimelineTipoIcon } from '../../../ui/timeline/timeline-tipo-icon.tsx';
import { LockedButton } from '../../../ui/trial-lock/locked-button.tsx';
import { useCardForm } from '../../../ui/use-card-form.ts';
import { forgetTimelineItem, useDeleteTimelineItem } from '../api/delete-timeline-item.ts';
import { useUpdateTimelineItem } from '../api/update-timeline-item.ts';
import { LockedNotice } from '../shared/trial-lock.tsx';
import { AnexosSection } from './anexos-section.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ITEM_FORM_FIELDS, ItemEditForm, type ItemFormValues, toFormValues } from './item-edit-form.tsx';
import classes from './timeline-item-page.module.css';

/**
 * Why a record shows no 'Editar' (docs/health-record.md "Viewing, editing and deleting"; issue 5
 * "Records added by others"), or null.
 */
export function readOnlyReason(item: Pick<TimelineItemView, 'tipo'>, canEdit: boolean): string | null {
  if (item.tipo === TIPO_DOR) return TIMELINE_MESSAGES.painImmutable;
  return canEdit ? null : TIMELINE_MESSAGES.notAuthor;
}

/**
 * What a pending record (a third party's, not yet accepted:
 * docs/timeline-privacy.md) means to whoever reads it: the patient decides
 * on /timeline; its author waits.
 */
export function pendingNote(role: TimelineActor): string {
  return role === 'owner'
    ? 'Este registro foi adicionado por outra pessoa e aguarda sua aprovação. Até você aceitar, ninguém além de você e de quem o adicionou o vê.'
    : 'O paciente ainda não aprovou este registro. Até lá, só você e o paciente o veem.';
}

/**
 * One record on /timeline/item/:id (docs/health-record.md "Viewing, editing
 * and deleting": view mode, then 'Editar' to edit, then save or cancel;
 * deleting is confirmed): the record read-only, 'Editar' and 'Excluir' as the
 * domain's `timelineItemActions` allow (none for pain records; only delete
 * for the patient on a record someone else added), the edit form, and the
 * attachments. A locked user sees 'Editar' disabled with the trial tooltip;
 * deleting stays allowed (docs/health-record.md "Trial lock").
 */
export function ItemCard({
  item,
  user,
  role,
}: {
  item: TimelineItemView;
  user: UserView;
  role: TimelineActor;
}) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const actions = timelineItemActions(item, role);
  const locked = isLocked(user);
  const card = useCardForm<ItemFormValues, TimelineItemUpdate>({
    resolver: domainResolver<ItemFormValues, typeof TimelineItemUpdateSchema>(TimelineItemUpdateSchema),
    saved: toFormValues(item),
    mutation: useUpdateTimelineItem(item.id),
    fields: ITEM_FORM_FIELDS,
  });
  const remove = useDeleteTimelineItem(item.id);
  const [confirming, setConfirming] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(card.editing);

  // Saved or cancelled: focus goes back to 'Editar' so keyboard users keep their place.
  useEffect(() => {
    if (wasEditing.current && !card.editing) editButton.current?.focus();
    wasEditing.current = card.editing;
  }, [card.editing]);

  const confirmDelete = () => {
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        snackbar.success(answer.message);
        void Promise.resolve(navigate(paths.timeline)).then(() => forgetTimelineItem(queryClient, item.id));
      },
      onError: (failure) => {
        setConfirming(false);
        snackbar.error(failure);
      },
    });
  };

  const label = tipoLabel(item.tipo);
  const reason = readOnlyReason(item, actions.edit);

  return (
    <>
      <Paper
        component="article"
        aria-labelledby="registro-titulo"
        withBorder
        radius="md"
        p="lg"
        className={classes.card}
      >
        <div className={classes.cardHead}>
          <span className={classes.tipoIcon}>
            <TimelineTipoIcon tipo={item.tipo} size={28} />
          </span>
          <div>
            <Title order={1} id="registro-titulo" className={classes.title}>
              {label}
            </Title>
            <Text c="gray.8" fw={600}>
              {formatDateBR(item.data)}
            </Text>
          </div>
        </div>
        {item.pendente && (
          <div className={classes.pending} role="note">
            <Text size="sm">{pendingNote(role)}</Text>
            {role === 'owner' && (
              <Link to={paths.timeline} className={classes.pendingLink}>
                Aceitar ou recusar na linha do tempo
              </Link>
            )}
          </div>
        )}
        {card.editing ? (
          <ItemEditForm card={card} />
        ) : (
          <>
            <TimelineItemDetail item={item} />
            {(actions.edit || actions.delete) && (
              <div className={classes.actions}>
                {actions.edit &&
                  (locked ? (
                    <LockedButton variant="default">Editar</LockedButton>
                  ) : (
                    <Button ref={editButton} variant="default" onClick={card.startEditing}>
                      Editar
                    </Button>
                  ))}
                {actions.delete && (
                  <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
                    Excluir
                  </Button>
                )}
              </div>
            )}
            {reason && <Text className={classes.readOnly}>{reason}</Text>}
          </>
        )}
      </Paper>
      {locked && actions.edit && (
        <LockedNotice>
          Assine um plano para voltar a editar registros e adicionar anexos. Você continua podendo ver,
          excluir registros e remover anexos.
        </LockedNotice>
      )}
      {(actions.edit || item.anexos.length > 0) && (
        <AnexosSection itemId={item.id} anexos={item.anexos} canEdit={actions.edit} locked={locked} />
      )}
      <ConfirmDialog
        opened={confirming}
        title="Excluir registro?"
        confirmLabel="Excluir"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        {`${label} de ${formatDateBR(item.data)}${item.anexos.length > 0 ? ' e seus anexos serão excluídos' : ` será ${concorda(item.tipo, 'excluído')}`}. Esta ação não pode ser desfeita.`}
      </ConfirmDialog>
    </>
  );
}
