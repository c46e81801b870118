import type { TimelineItemView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { timelineItemKey } from './get-timeline-item.ts';
import { timelineQueryKey } from './get-timeline-page.ts';

/** Answer of `PUT /api/timeline/item/:id/aceitar`: the pt-BR message and the record, now accepted. */
export interface PendenteAccepted {
  message: string;
  timelineItem: TimelineItemView;
}

/** Answer of `PUT /api/timeline/item/:id/recusar`: the pt-BR message and the id of the deleted record. */
export interface PendenteRefused {
  message: string;
  timelineItem: { id: number };
}

/** What the patient decides about a pending record. */
export type PendenteDecision = 'aceitar' | 'recusar';

/**
 * `PUT /api/timeline/item/:id/aceitar` or `/recusar` (docs/timeline-privacy.md):
 * the patient accepts a record someone else added (it joins the timeline) or
 * refuses it (it is deleted with its attachments). Every timeline query is
 * read again (the pending list, the lists, the badges); a refused record's
 * cached page is dropped. Errors: 403 onlyPatient, 404, 409 notPending
 * (already decided, in another tab).
 */
export function useReviewPendente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PendenteDecision }) =>
      api.put<PendenteAccepted | PendenteRefused>(`/timeline/item/${id}/${decision}`),
    onSuccess: (_answer, { id, decision }) => {
      if (decision === 'recusar') queryClient.removeQueries({ queryKey: timelineItemKey(id), exact: true });
      else void queryClient.invalidateQueries({ queryKey: timelineItemKey(id), exact: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: timelineQueryKey }),
  });
}
