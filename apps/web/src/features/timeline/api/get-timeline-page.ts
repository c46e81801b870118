import type { TimelineItemView, TimelinePage } from '@pulso/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Prefix of every timeline query: invalidate it after any write to the timeline. */
export const timelineQueryKey = ['timeline'] as const;

/** Prefix of the list queries (`GET /api/timeline/items/…`), whatever their filter. */
export const timelineListsKey = ['timeline', 'items'] as const;

/** What the list shows: `medico` 'M' (records doctor accounts added) or 'all'; `search` a term or `null`. */
export interface TimelineFilter {
  medico: 'M' | 'all';
  search: string | null;
}

/** Query key of one filtered list. */
export function timelineListKey(filter: TimelineFilter) {
  return [...timelineListsKey, filter.medico, filter.search ?? 'all'] as const;
}

/**
 * `/api/timeline/items/:medico/:search[/:offset]` (docs/api/timeline.md
 * "Routes"): `:search` the term URL-encoded or `all`; the offset is left out
 * for the first page.
 */
export function timelinePagePath(filter: TimelineFilter, offset: number): string {
  const search = filter.search ? encodeURIComponent(filter.search) : 'all';
  const base = `/timeline/items/${filter.medico}/${search}`;
  return offset > 0 ? `${base}/${offset}` : base;
}

/** `items` followed by the `more` not already among them (a record added meanwhile shifts the offsets). */
export function appendTimelineItems(items: TimelineItemView[], more: TimelineItemView[]): TimelineItemView[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !seen.has(item.id))];
}

/**
 * The signed-in patient's own timeline (docs/health-record.md "The list";
 * issue 5): newest first, or best match first with a term (server-side
 * Portuguese full text, accents ignored); pages of the server's size (20),
 * each asked from the number of records already loaded while fewer than
 * `total` are. Each page answers `{user, timelineItems, total}`; `user` is
 * the caller (for the trial lock). Read afresh on every visit (records are
 * added elsewhere). 422 for a term over 100 characters.
 */
export function useTimelinePages(filter: TimelineFilter) {
  return useInfiniteQuery({
    queryKey: timelineListKey(filter),
    initialPageParam: 0,
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => api.get<TimelinePage>(timelinePagePath(filter, pageParam), signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.timelineItems.length, 0);
      return last.timelineItems.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
