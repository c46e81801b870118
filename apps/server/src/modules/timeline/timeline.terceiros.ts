import {
  TIMELINE_ADD_DAILY_MAX,
  TIMELINE_MESSAGES,
  TIMELINE_PUSH,
  todayInSaoPaulo,
  userRoom,
} from '@pulso/domain';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { timeline_daily_adds } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import type { PushSender } from '../../platform/push.ts';
import type { Realtime } from '../../platform/realtime.ts';

/**
 * Records added to someone else's timeline (docs/timeline-privacy.md
 * "Records added by others"): the daily cap per adder and patient, and
 * telling the patient. The pending list, accepting and refusing are
 * `timeline.pendentes.ts`; the routes `timeline.terceiros.routes.ts`.
 */

/** 429 past {@link TIMELINE_ADD_DAILY_MAX} additions by one adder to one patient's timeline in a day. */
export function dailyLimitReached(): HttpError {
  return new HttpError(429, TIMELINE_MESSAGES.dailyLimit);
}

/**
 * SQL: how many records `adderId` added to the timeline of the user row
 * `patientId` (a column) on `dia` — 0 when none; the pre-check before files
 * are stored ({@link countAddition} decides).
 */
export function addedOn(patientId: SQL, adderId: number, dia: string): SQL<number> {
  const d = timeline_daily_adds;
  return sql<number>`coalesce((select ${d.total} from ${d} where ${d.user_id} = ${patientId}
    and ${d.terceiro_id} = ${adderId} and ${d.dia} = ${dia}), 0)`;
}

/**
 * Counts one more record by `adderId` on `patientId`'s timeline on the day
 * of `now` (America/Sao_Paulo), inside the transaction that inserts it, and
 * drops the pair's rows of earlier days (nothing reads them). The upsert
 * locks the day's row, so concurrent additions are counted one after the
 * other and the cap holds under any concurrency; past it the transaction
 * fails with 429 and rolls back, count included.
 * Errors: 429 `TIMELINE_MESSAGES.dailyLimit`.
 */
export async function countAddition(tx: Db, patientId: number, adderId: number, now: Date): Promise<void> {
  const d = timeline_daily_adds;
  const dia = todayInSaoPaulo(now);
  await tx.delete(d).where(and(eq(d.user_id, patientId), eq(d.terceiro_id, adderId), lt(d.dia, dia)));
  const [row] = await tx
    .insert(d)
    .values({ user_id: patientId, terceiro_id: adderId, dia, total: 1 })
    .onConflictDoUpdate({ target: [d.user_id, d.terceiro_id, d.dia], set: { total: sql`${d.total} + 1` } })
    .returning({ total: d.total });
  if (!row || row.total > TIMELINE_ADD_DAILY_MAX) throw dailyLimitReached();
}

/** What telling a patient needs from the app. */
export interface TimelineNotifier {
  realtime: Realtime;
  push: PushSender;
}

/**
 * Tells the patient, after commit, that someone else added a record to
 * their timeline: `timeline.added` to `user.{patient}` (the pending list and
 * badges refresh) and, unless `push` is false, a Web Push to their devices
 * that names neither the record nor its author (`TIMELINE_PUSH`). Never
 * throws: a failed push is logged.
 */
export function announceAddition(
  notifier: TimelineNotifier,
  log: FastifyBaseLogger,
  added: { patientId: number; itemId: number; created_by: 'M' | 'T'; pendente: boolean },
  push = true,
): void {
  notifier.realtime.emit([userRoom(added.patientId)], 'timeline.added', {
    timeline_item_id: added.itemId,
    created_by: added.created_by,
    pendente: added.pendente,
  });
  if (!push) return;
  const body = added.pendente ? TIMELINE_PUSH.pendente : TIMELINE_PUSH.medico;
  void notifier.push
    .sendToUser(added.patientId, { title: TIMELINE_PUSH.title, body, url: TIMELINE_PUSH.url }, { log })
    .catch((error: unknown) => log.warn({ err: error }, 'push of a timeline addition failed'));
}
