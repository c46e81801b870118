import {
  TIMELINE_MESSAGES,
  type TimelineItemUpdate,
  type TimelineItemView,
  timelineItemActions,
} from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import { timeline_anexos, timeline_items } from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';
import { deleteAnexoFiles } from './timeline.anexos.ts';
import { buscaOf } from './timeline.search.ts';
import {
  announceReview,
  createdBy,
  findAccessible,
  findEditable,
  resolveDoctor,
  reviewAgain,
  type TimelineDeps,
  toItemViewOf,
} from './timeline.service.ts';

/**
 * Editing and deleting a record (docs/health-record.md "Viewing, editing and
 * deleting"; docs/api/timeline.md "Routes"), by its owner or its author.
 */

/**
 * `PUT /api/timeline/item/:id` (docs/api/timeline.md "Routes"): replaces
 * `data`, `valor`, `medico_id`/`medico_name` and `descricao`; the type, the
 * author and the attachments stay. A third party's edit sends their record
 * back to pending (see `reviewAgain`). Errors: 404 unless owner or author; 403
 * painImmutable, notAuthor (the owner of a record someone else added), locked;
 * 422 medico_id.
 */
export async function updateTimelineItem(
  deps: TimelineDeps,
  actor: Actor,
  id: number,
  input: TimelineItemUpdate,
): Promise<TimelineItemView> {
  const { row, role } = await findEditable(deps.db, actor, id);
  const doctor = await resolveDoctor(deps.db, input);
  const values = { data: input.data, valor: input.valor, descricao: input.descricao, ...doctor };
  const review = reviewAgain(row, role);
  await deps.db
    .update(timeline_items)
    .set({
      ...values,
      busca: buscaOf({ ...row, ...values }),
      updated_at: sql`now()`,
      ...(review ? { pendente: true } : {}),
    })
    .where(eq(timeline_items.id, row.id));
  if (review) announceReview(deps, row);
  const updated = await findAccessible(deps.db, actor, id);
  return toItemViewOf(deps, updated.row);
}

/**
 * `DELETE /api/timeline/item/:id` (docs/api/timeline.md "Routes"): deletes the
 * record and its attachment rows, then their files (a storage failure is
 * logged, not fatal). Allowed to the owner (their own records and those
 * others added, pending or accepted — a third party's pain record included)
 * and to the author; never for other pain records; not blocked by the trial
 * lock. Errors: 404 unless owner or author; 403 painImmutable.
 */
export async function deleteTimelineItem(deps: TimelineDeps, actor: Actor, id: number): Promise<void> {
  const { row, role } = await findAccessible(deps.db, actor, id);
  if (!timelineItemActions({ tipo: row.tipo, created_by: createdBy(row.created_by) }, role).delete) {
    throw forbidden(TIMELINE_MESSAGES.painImmutable);
  }
  await removeItem(deps, row.id, false);
}

/**
 * Deletes record `id` — only while pending when `pendingOnly` — with its
 * attachment rows in one transaction, then their files (a storage failure
 * is logged). Answers whether it was deleted.
 */
export async function removeItem(deps: TimelineDeps, id: number, pendingOnly: boolean): Promise<boolean> {
  const t = timeline_items;
  const paths = await deps.db.transaction(async (tx) => {
    const files = await tx
      .select({ path: timeline_anexos.path })
      .from(timeline_anexos)
      .where(eq(timeline_anexos.timeline_item_id, id));
    const deleted = await tx
      .delete(t)
      .where(and(eq(t.id, id), pendingOnly ? eq(t.pendente, true) : undefined))
      .returning({ id: t.id });
    return deleted.length > 0 ? files.map((f) => f.path) : null;
  });
  if (paths === null) return false;
  await deleteAnexoFiles(deps, paths);
  return true;
}
