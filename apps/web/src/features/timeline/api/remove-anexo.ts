import type { TimelineItemAnswer } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { timelineItemKey } from './get-timeline-item.ts';
import { timelineListsKey } from './get-timeline-page.ts';

/**
 * `DELETE /api/timeline/item/anexo/:id` (docs/api/timeline.md "Routes") →
 * `{anexo: {id}}`: the file goes and leaves the cached record. Allowed to
 * locked users (docs/health-record.md "Trial lock": removing stays allowed).
 * Errors: 403 not the author / pain record, 404 'Anexo não encontrado'.
 */
export function useRemoveAnexo(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (anexoId: number) => api.delete<{ anexo: { id: number } }>(`/timeline/item/anexo/${anexoId}`),
    onSuccess: ({ anexo }) => {
      queryClient.setQueryData<TimelineItemAnswer>(timelineItemKey(itemId), (old) =>
        old
          ? {
              ...old,
              timelineItem: {
                ...old.timelineItem,
                anexos: old.timelineItem.anexos.filter((a) => a.id !== anexo.id),
              },
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: timelineListsKey });
    },
  });
}
