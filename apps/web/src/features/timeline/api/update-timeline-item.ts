import type { TimelineItemAnswer, TimelineItemUpdate, TimelineItemView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { timelineItemKey } from './get-timeline-item.ts';
import { timelineListsKey } from './get-timeline-page.ts';

/** Answer of `PUT /api/timeline/item/:id`: 'Atualizado com sucesso!' and the saved record. */
export interface TimelineItemSaved {
  message: string;
  timelineItem: TimelineItemView;
}

/**
 * `PUT /api/timeline/item/:id` (docs/api/timeline.md "Routes") with
 * `TimelineItemUpdateSchema`'s output: `data` ISO, `valor` cleaned to digits
 * and a decimal point ('1234.56') or null, `medico_id` (a listed doctor,
 * whose name the server writes) or null with a free-text `medico_name`,
 * `descricao`. The saved record replaces the cached one; lists are read
 * again. Errors: 422 per field, 403 locked / pain record / not the author,
 * 404.
 */
export function useUpdateTimelineItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TimelineItemUpdate) => api.put<TimelineItemSaved>(`/timeline/item/${id}`, body),
    onSuccess: ({ timelineItem }) => {
      queryClient.setQueryData<TimelineItemAnswer>(timelineItemKey(id), (old) =>
        old ? { ...old, timelineItem } : old,
      );
      void queryClient.invalidateQueries({ queryKey: timelineListsKey });
    },
  });
}
