import type { TimelineActor, TimelineItemView, UserView } from '@pulso/domain';
import type { Actor } from '../../context.ts';
import { findAccessible, loadCaller, type TimelineDeps, toItemViewOf } from './timeline.service.ts';

/**
 * Reading one record of the caller's timeline (docs/api/timeline.md
 * "Routes"). A page of it is read in `timeline.page.ts`, the pending records
 * in `timeline.pendentes.ts`.
 */

/**
 * `GET /api/timeline/item/:id` (docs/api/timeline.md "Routes"): `{user, timelineItem, role}` —
 * `user` is the caller's own `UserView` (never the patient's when the caller
 * is the author); `role` 'owner' or 'author' (an addition of ours: which buttons
 * `timelineItemActions` shows; docs/timeline-privacy.md "The two doors to a patient's timeline").
 * Errors: 404 unless the caller owns the timeline or added the record.
 */
export async function getTimelineItem(
  deps: TimelineDeps,
  actor: Actor,
  id: number,
): Promise<{ user: UserView; timelineItem: TimelineItemView; role: TimelineActor }> {
  const user = await loadCaller(deps.db, actor);
  const { row, role } = await findAccessible(deps.db, actor, id);
  return { user, timelineItem: await toItemViewOf(deps, row), role };
}
