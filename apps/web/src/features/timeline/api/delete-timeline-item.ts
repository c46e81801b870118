import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { timelineItemKey } from './get-timeline-item.ts';
import { timelineListsKey } from './get-timeline-page.ts';

/** Answer of `DELETE /api/timeline/item/:id`: 'Excluído com sucesso!' and the id. */
export interface TimelineItemDeleted {
  message: string;
  timelineItem: { id: number };
}

/**
 * Drops a deleted record from the cache. Call it once its page is left: while
 * the page still shows it, dropping it would make the page ask for it again.
 */
export function forgetTimelineItem(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: timelineItemKey(id), exact: true });
}

/**
 * `DELETE /api/timeline/item/:id` (docs/health-record.md "Viewing, editing
 * and deleting"): the record and its files go; the lists are read again (the
 * caller leaves the page, then {@link forgetTimelineItem}). Allowed to locked
 * users (docs/health-record.md "Trial lock"). Errors: 403 pain record, 404.
 */
export function useDeleteTimelineItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<TimelineItemDeleted>(`/timeline/item/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineListsKey }),
  });
}
