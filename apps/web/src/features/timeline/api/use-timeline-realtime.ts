import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime.ts';
import { pendentesKey } from './get-pendentes.ts';
import { timelineQueryKey } from './get-timeline-page.ts';

/**
 * Keeps the timeline live while the shell is shown (docs/timeline-privacy.md):
 * when someone else adds a record (`timeline.added` on the patient's
 * `user.{id}` room) every timeline query is read again — the pending list
 * and its badges, the lists when a doctor's record went straight in. After a
 * reconnection (events may have been missed) the pending count is read again.
 */
export function useTimelineRealtime(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    'timeline.added',
    () => void queryClient.invalidateQueries({ queryKey: timelineQueryKey }),
  );
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: pendentesKey }));
}
