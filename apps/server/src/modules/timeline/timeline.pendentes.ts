import {
  TIMELINE_MESSAGES,
  TIMELINE_PAGE_SIZE,
  type TimelineItemView,
  type TimelinePendentes,
} from '@pulso/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import { timeline_items } from '../../db/schema/index.ts';
import { forbidden, HttpError } from '../../errors.ts';
import { removeItem } from './timeline.edit.ts';
import {
  findAccessible,
  type ItemRow,
  itemColumns,
  type TimelineDeps,
  terceiros,
  toItemViewOf,
  toItemViews,
} from './timeline.service.ts';

/**
 * The records others added to the caller's timeline that wait for their
 * approval (docs/timeline-privacy.md "Records added by others"): the list,
 * accepting and refusing. Only the patient whose timeline holds them acts
 * on them; none of it is blocked by the trial lock.
 */

/**
 * The pending record `id` of the caller's timeline, for accepting or
 * refusing it. Errors: 404 unless owner or author (as every route); 403
 * `onlyPatient` to the author; 409 `notPending` when it is not (or no
 * longer) pending.
 */
async function findPending(deps: TimelineDeps, actor: Actor, id: number): Promise<ItemRow> {
  const { row, role } = await findAccessible(deps.db, actor, id);
  if (role !== 'owner') throw forbidden(TIMELINE_MESSAGES.onlyPatient);
  if (!row.pendente) throw new HttpError(409, TIMELINE_MESSAGES.notPending);
  return row;
}

/**
 * `GET /api/timeline/pendentes[/:offset]` (docs/timeline-privacy.md):
 * 'Registros aguardando sua aprovação', the third parties' records on the
 * caller's own timeline not accepted yet, most recently added first, at most
 * {@link TIMELINE_PAGE_SIZE} from `offset`, with who added them
 * (`terceiro`), and how many there are (the badge). Only ever the caller's:
 * the records the caller added elsewhere are not listed.
 */
export async function listPendentes(
  deps: TimelineDeps,
  actor: Actor,
  offset: number,
): Promise<TimelinePendentes> {
  const t = timeline_items;
  const where = and(eq(t.user_id, actor.userId), eq(t.pendente, true));
  const [rows, totals] = await Promise.all([
    deps.db
      .select(itemColumns)
      .from(t)
      .leftJoin(terceiros, eq(terceiros.id, t.terceiro_id))
      .where(where)
      .orderBy(desc(t.id))
      .limit(TIMELINE_PAGE_SIZE)
      .offset(offset),
    deps.db.select({ n: count() }).from(t).where(where),
  ]);
  return { timelineItems: await toItemViews(deps, rows), total: totals[0]?.n ?? 0 };
}

/**
 * `PUT /api/timeline/item/:id/aceitar` (docs/timeline-privacy.md): the
 * patient accepts a pending record; it joins their timeline and is then
 * read as any other record (through the code as a third party's, with
 * `terceiro`). Not blocked by the trial lock. Answers the record.
 * Errors: 404 unless owner or author; 403 onlyPatient; 409 notPending.
 */
export async function acceptTimelineItem(
  deps: TimelineDeps,
  actor: Actor,
  id: number,
): Promise<TimelineItemView> {
  const row = await findPending(deps, actor, id);
  const t = timeline_items;
  const accepted = await deps.db
    .update(t)
    .set({ pendente: false })
    .where(and(eq(t.id, row.id), eq(t.pendente, true)))
    .returning({ id: t.id });
  if (accepted.length === 0) throw new HttpError(409, TIMELINE_MESSAGES.notPending);
  return toItemViewOf(deps, { ...row, pendente: false });
}

/**
 * `PUT /api/timeline/item/:id/recusar` (docs/timeline-privacy.md): the
 * patient refuses a pending record; it is deleted with its attachments,
 * from storage too. Not blocked by the trial lock.
 * Errors: 404 unless owner or author; 403 onlyPatient; 409 notPending.
 */
export async function refuseTimelineItem(deps: TimelineDeps, actor: Actor, id: number): Promise<void> {
  const row = await findPending(deps, actor, id);
  if (!(await removeItem(deps, row.id, true))) throw new HttpError(409, TIMELINE_MESSAGES.notPending);
}
