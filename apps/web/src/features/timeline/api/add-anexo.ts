import type { AnexoView, TimelineItemAnswer } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { timelineItemKey } from './get-timeline-item.ts';
import { timelineListsKey } from './get-timeline-page.ts';

/**
 * `POST /api/timeline/item/anexo` (docs/api/timeline.md "Routes"): multipart
 * `timeline_item_id` and one file `anexo` (already resized when an image) →
 * `{anexo}`, appended to the cached record. Errors: 422 `errors.anexo` (type
 * from the bytes, 2 MB image / 10 MB PDF, 10 per record), 403 locked / not
 * the author / pain record, 404.
 */
export function useAddAnexo(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('timeline_item_id', String(itemId));
      body.append('anexo', file, file.name);
      return api.post<{ anexo: AnexoView }>('/timeline/item/anexo', body);
    },
    onSuccess: ({ anexo }) => {
      queryClient.setQueryData<TimelineItemAnswer>(timelineItemKey(itemId), (old) =>
        old
          ? { ...old, timelineItem: { ...old.timelineItem, anexos: [...old.timelineItem.anexos, anexo] } }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: timelineListsKey });
    },
  });
}
