import type { PublicCodeView, PublicTimelineItem } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../app/api.ts';
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
 * The view without its Timeline tab: what this viewer may read once the
 * server refused the next page (the patient closed the timeline meanwhile).
 */
export function withoutTimeline(view: PublicCodeView): PublicCodeView {
  const { timelineItems: _items, total: _total, ...rest } = view;
  return { ...rest, acesso: { ...view.acesso, timeline: false } };
}

/**
 * 'Carregar mais' of the public Timeline tab: `GET /api/code/:code/timeline/:offset`
 * (offset = items already loaded; spec 1 §7 paging) → `{timelineItems, total}`,
 * newest first. The page is merged into the cached public view, so it survives a
 * switch of tabs. 403 `{message: PERMISSOES_MESSAGES.denied}` when this viewer may
 * no longer read the timeline (the server answers an unknown code the same way,
 * docs/timeline-privacy.md): the records already shown go and the tab shows the
 * permission message. Any other failure leaves the list; the caller shows the message.
 */
export function useLoadMoreTimeline(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offset: number) =>
      api.get<PublicTimelinePage>(`/code/${encodeURIComponent(code)}/timeline/${offset}`),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 403) return;
      queryClient.setQueryData<PublicCodeView>(publicCodeKey(code), (view) =>
        view ? withoutTimeline(view) : view,
      );
    },
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
