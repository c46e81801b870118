import type { TimelinePendentes } from '@pulso/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { timelineQueryKey } from './get-timeline-page.ts';

/** Query key of the records awaiting the patient's approval (under {@link timelineQueryKey}). */
export const pendentesKey = [...timelineQueryKey, 'pendentes'] as const;

/** `/api/timeline/pendentes[/:offset]`: the offset is left out for the first page. */
export function pendentesPath(offset: number): string {
  return offset > 0 ? `/timeline/pendentes/${offset}` : '/timeline/pendentes';
}

/**
 * 'Registros aguardando sua aprovação' (docs/timeline-privacy.md):
 * `GET /api/timeline/pendentes[/:offset]` → `{timelineItems, total}`, the
 * records others (not doctors) added to the signed-in patient's timeline and
 * the patient has not accepted, most recently added first, pages of 20 while
 * fewer than `total` are loaded. One cache entry serves the list and the
 * badges; the realtime `timeline.added` and the accept/refuse mutations make
 * it stale.
 */
export const pendentesQuery = infiniteQueryOptions({
  queryKey: pendentesKey,
  initialPageParam: 0,
  queryFn: ({ pageParam, signal }) => api.get<TimelinePendentes>(pendentesPath(pageParam), signal),
  getNextPageParam: (last, pages) => {
    const loaded = pages.reduce((n, page) => n + page.timelineItems.length, 0);
    return last.timelineItems.length > 0 && loaded < last.total ? loaded : undefined;
  },
});

/** The pending records, page by page (the list on /timeline). */
export function usePendentes() {
  return useInfiniteQuery(pendentesQuery);
}

/** How many records await the patient's approval (0 while unknown): the badges on the tabs and /home. */
export function usePendentesCount(): number {
  const { data } = useInfiniteQuery({
    ...pendentesQuery,
    select: (pages) => pages.pages.at(-1)?.total ?? 0,
  });
  return data ?? 0;
}
