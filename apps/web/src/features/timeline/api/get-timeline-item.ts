import type { TimelineItemAnswer } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of one record (`GET /api/timeline/item/:id`). */
export function timelineItemKey(id: number) {
  return ['timeline', 'item', id] as const;
}

/**
 * The attachments' signed URLs last 15 minutes (docs/api/timeline.md): the
 * record is read again well before, so a thumbnail or PDF opened on a page
 * left open keeps working.
 */
export const TIMELINE_ITEM_REFRESH_MS = 10 * 60_000;

/**
 * One record with the caller's `user` (`GET /timeline/item/:id`,
 * docs/api/timeline.md "Routes"): the patient's own, or one the caller added
 * to someone else's timeline. 404 'Registro não encontrado' otherwise (not
 * retried).
 */
export function useTimelineItem(id: number) {
  return useQuery({
    queryKey: timelineItemKey(id),
    queryFn: ({ signal }) => api.get<TimelineItemAnswer>(`/timeline/item/${id}`, signal),
    refetchInterval: TIMELINE_ITEM_REFRESH_MS,
  });
}
