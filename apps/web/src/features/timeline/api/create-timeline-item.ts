import type { TimelineItemCreate, TimelineItemView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Answer of `POST /api/timeline/item`: the pt-BR success message and the record. */
export interface CreateTimelineItemResponse {
  message: string;
  timelineItem: TimelineItemView;
}

/** What /timeline/add sends: the schema's output (valor cleaned) and the prepared files. */
export interface CreateTimelineItemInput {
  item: Pick<TimelineItemCreate, 'tipo' | 'data' | 'valor' | 'medico_id' | 'medico_name' | 'descricao'>;
  /** Attachments already prepared (images resized to JPEG, PDFs as chosen). */
  anexos: readonly File[];
  /** Another patient's id (looked up by code), or null for the caller's own timeline. */
  userId: number | null;
}

/**
 * The multipart body of `POST /api/timeline/item` (docs/api/timeline.md
 * "Routes"): `tipo`, `data` (`YYYY-MM-DD`), `valor` (digits and a decimal
 * point, `1234.56`, or empty), `medico_id` (only when a listed doctor was
 * chosen), `medico_name`, `descricao`, one `anexos[]` part per file and
 * `user_id` for another patient's timeline.
 */
export function timelineItemFormData({ item, anexos, userId }: CreateTimelineItemInput): FormData {
  const body = new FormData();
  body.append('tipo', String(item.tipo));
  body.append('data', item.data);
  body.append('valor', item.valor ?? '');
  if (item.medico_id !== null) body.append('medico_id', String(item.medico_id));
  body.append('medico_name', item.medico_name ?? '');
  body.append('descricao', item.descricao);
  if (userId !== null) body.append('user_id', String(userId));
  for (const file of anexos) body.append('anexos[]', file, file.name);
  return body;
}

/**
 * `POST /api/timeline/item` (multipart, {@link timelineItemFormData}) →
 * 201 `{message, timelineItem}`: 'Adicionado com sucesso!' or, with a
 * `user_id`, 'Adicionado na linha do tempo do paciente com sucesso!' (a
 * doctor's) or `TIMELINE_MESSAGES.addedPending` (anyone else's: it waits for
 * the patient's approval). Marks the timeline lists stale. Errors
 * (`ApiError`): 422 field errors (`anexos` for the files), 403 'Seu período
 * gratuito de 1 mês terminou.' or `lookupRequired` (the patient's code not
 * looked up in the last 24 hours), 404 'Paciente não encontrado', 429
 * `dailyLimit` (docs/timeline-privacy.md).
 */
export function useCreateTimelineItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTimelineItemInput) =>
      api.post<CreateTimelineItemResponse>('/timeline/item', timelineItemFormData(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['timeline'] }),
  });
}
