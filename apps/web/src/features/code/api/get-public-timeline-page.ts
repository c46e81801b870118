import type { PublicCodeView, PublicTimelineItem } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { publicCodeKey } from './get-public-code.ts';

/** Answer of `GET /api/code/:code/timeline/:offset` (`PublicTimelinePageSchema`). */
export interface PublicTimelinePage {
  timelineItems: PublicTimelineItem[];
  total: number;
}

/** `items` followed by the `more` not already among them (an item added meanwhile shifts the offsets). */
export function appendTimelinePage(items: PublicTimelineItem[], more: PublicTimelineItem[]) {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !seen.has(item.id))];
}

/**
 * 'Carregar mais' of the public Timeline tab: `GET /api/code/:code/timeline/:offset`
 * (offset = items already loaded; spec 1 §7 paging) → `{timelineItems, total}`,
 * newest first. The page is merged into the cached public view, so it survives a
 * switch of tabs. 403 `{message: PERMISSOES_MESSAGES.denied}` when this viewer may
 * not read the timeline; the caller shows the error's message.
 */
export function useLoadMoreTimeline(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offset: number) =>
      api.get<PublicTimelinePage>(`/code/${encodeURIComponent(code)}/timeline/${offset}`),
    onSuccess: (page) => {
      queryClient.setQueryData<PublicCodeView>(publicCodeKey(code), (view) =>
        view
          ? {
              ...view,
              timelineItems: appendTimelinePage(view.timelineItems ?? [], page.timelineItems),
              total: page.total,
            }
          : view,
      );
    },
  });
}
