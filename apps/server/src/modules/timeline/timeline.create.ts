import {
  type AccessTab,
  INT4_MAX,
  parseCode,
  TARGET_LOOKUP_VALID_HOURS,
  TIMELINE_ADD_DAILY_MAX,
  TIMELINE_MESSAGES,
  TIPO_DOR,
  type TimelineItemCreate,
  type TimelineItemView,
  type TimelineTargetUser,
  todayInSaoPaulo,
} from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { code_access_logs, medicos, timeline_anexos, timeline_items, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { viewerClassifier } from '../code/index.ts';
import { avatarUrl } from '../users/index.ts';
import { type AnexoUpload, deleteAnexoFiles, storeAnexos } from './timeline.anexos.ts';
import { buscaOf } from './timeline.search.ts';
import {
  assertUnlocked,
  findAccessible,
  loadCaller,
  resolveDoctor,
  type TimelineDeps,
  toItemViewOf,
} from './timeline.service.ts';
import { addedOn, announceAddition, countAddition, dailyLimitReached } from './timeline.terceiros.ts';

/**
 * Adding a record (docs/api/timeline.md "Routes"; docs/timeline-privacy.md
 * "Records added by others"): to the caller's own timeline or, after looking
 * the patient's code up, to someone else's.
 */

/** Where a new record goes: the timeline's owner, who marks it, and whether it waits for approval. */
interface Target {
  user_id: number;
  created_by: 'M' | 'T' | null;
  terceiro_id: number | null;
  pendente: boolean;
}

/**
 * Whose timeline a new record goes to (docs/timeline-privacy.md "Records
 * added by others"): the caller's own (`created_by` null) without `user_id`
 * or with their own id; else the open account `user_id`, provided the
 * caller looked its code up (the add screen's `GET /api/timeline/user/:code`,
 * or `/code/:code` signed in: a `code_access_logs` row with the caller as
 * viewer) within {@link TARGET_LOOKUP_VALID_HOURS} hours — so an id alone,
 * guessed or leaked, adds nothing, and every adder is on the patient's
 * access log — and has added fewer than {@link TIMELINE_ADD_DAILY_MAX}
 * records there today (the pre-check; `countAddition` decides inside the
 * insert's transaction). Marked M, straight in, when the caller has a
 * doctor account (not suspended); T, pending the patient's approval,
 * otherwise; the caller is `terceiro_id`. One query.
 * Errors: 403 `lookupRequired` without such a lookup (an unknown id too:
 * the same answer, an id reveals nothing); 404 `patientNotFound` for an
 * account closed since; 429 `dailyLimit`.
 */
async function resolveTarget(db: Db, actor: Actor, userId: number | null, now: Date): Promise<Target> {
  if (userId === null || userId === actor.userId) {
    return { user_id: actor.userId, created_by: null, terceiro_id: null, pendente: false };
  }
  const [patient] =
    userId <= INT4_MAX
      ? await db
          .select({
            id: users.id,
            active: users.is_active,
            doctor: sql<boolean>`exists (select 1 from ${medicos} where ${medicos.user_id} = ${actor.userId}
              and ${medicos.suspended_at} is null)`,
            addedToday: addedOn(sql`${users.id}`, actor.userId, todayInSaoPaulo(now)),
          })
          .from(users)
          .where(
            and(
              eq(users.id, userId),
              sql`exists (select 1 from ${code_access_logs} where ${code_access_logs.user_id} = ${users.id}
                and ${code_access_logs.viewer_id} = ${actor.userId}
                and ${code_access_logs.created_at} > now() - make_interval(hours => ${TARGET_LOOKUP_VALID_HOURS}))`,
            ),
          )
          .limit(1)
      : [];
  if (!patient) throw forbidden(TIMELINE_MESSAGES.lookupRequired);
  if (!patient.active) throw notFound(TIMELINE_MESSAGES.patientNotFound);
  if (Number(patient.addedToday) >= TIMELINE_ADD_DAILY_MAX) throw dailyLimitReached();
  const doctor = Boolean(patient.doctor);
  return {
    user_id: patient.id,
    created_by: doctor ? 'M' : 'T',
    terceiro_id: actor.userId,
    pendente: !doctor,
  };
}

/**
 * `POST /api/timeline/item` (docs/api/timeline.md "Routes";
 * docs/health-record.md "Saving a pain record"; docs/timeline-privacy.md):
 * adds a record with its attachments (already checked: {@link AnexoUpload})
 * to the caller's timeline or, with another patient's `user_id`, to theirs
 * (see `resolveTarget`: a doctor's straight in, a third party's pending the
 * patient's approval; counted against the daily cap in the same transaction).
 * `valor` is stored as sent (reais, 2 decimals, or null; pain records send
 * 0); `local_dor`/`intensidade_dor` only on pain records. Files are stored
 * first and removed again if the insert fails. After commit, a record on
 * someone else's timeline is announced to that patient (`timeline.added` and
 * a Web Push). Answers the message (`added`, `addedToPatient` for a doctor's,
 * `addedPending` for a third party's) and the record. Errors: 403 locked,
 * lookupRequired; 404 patientNotFound; 422 medico_id; 429 dailyLimit.
 */
export async function createTimelineItem(
  deps: TimelineDeps,
  actor: Actor,
  input: TimelineItemCreate,
  uploads: readonly AnexoUpload[],
): Promise<{ message: string; timelineItem: TimelineItemView }> {
  assertUnlocked(await loadCaller(deps.db, actor));
  const now = new Date();
  const target = await resolveTarget(deps.db, actor, input.user_id, now);
  const doctor = await resolveDoctor(deps.db, input);
  const pain = input.tipo === TIPO_DOR;
  const values = {
    ...target,
    tipo: input.tipo,
    data: input.data,
    descricao: input.descricao,
    valor: input.valor,
    ...doctor,
    local_dor: pain ? input.local_dor : null,
    intensidade_dor: pain ? input.intensidade_dor : null,
  };
  const stored = await storeAnexos(deps, uploads);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      if (target.terceiro_id !== null) await countAddition(tx, target.user_id, target.terceiro_id, now);
      const [row] = await tx
        .insert(timeline_items)
        .values({ ...values, busca: buscaOf(values) })
        .returning({ id: timeline_items.id });
      if (!row) throw new Error('timeline item not inserted');
      if (stored.length > 0) {
        await tx.insert(timeline_anexos).values(stored.map((s) => ({ ...s, timeline_item_id: row.id })));
      }
      return row.id;
    });
  } catch (error) {
    await deleteAnexoFiles(
      deps,
      stored.map((s) => s.path),
    );
    throw error;
  }
  if (target.created_by !== null) {
    announceAddition(deps.notifier, deps.log, {
      patientId: target.user_id,
      itemId: id,
      created_by: target.created_by,
      pendente: target.pendente,
    });
  }
  const { row } = await findAccessible(deps.db, actor, id);
  const timelineItem = await toItemViewOf(deps, row);
  const message =
    target.created_by === null
      ? TIMELINE_MESSAGES.added
      : target.pendente
        ? TIMELINE_MESSAGES.addedPending
        : TIMELINE_MESSAGES.addedToPatient;
  return { message, timelineItem };
}

/**
 * `GET /api/timeline/user/:code` (docs/api/timeline.md "Routes"; issue 5 "Records
 * added by others"): the patient holding `code` (any spelling: spaces, case),
 * with only what the add screen shows. The lookup is written to the patient's
 * access log (tab `adicionar`, the caller and their kind): it is what lets the
 * caller add to that timeline for the next {@link TARGET_LOOKUP_VALID_HOURS}
 * hours (see `resolveTarget`). Errors: 404 `patientNotFound` for a malformed,
 * unknown or unclaimed code or a closed account.
 */
export async function findTargetUser(db: Db, actor: Actor, code: string): Promise<TimelineTargetUser> {
  const canonical = parseCode(code);
  const [row] = canonical
    ? await db
        .select({
          id: users.id,
          name: users.name,
          avatar: users.avatar,
          code: users.code,
          medico_id: users.medico_id,
        })
        .from(users)
        .where(and(eq(users.code, canonical), eq(users.is_active, true)))
        .limit(1)
    : [];
  if (!row) throw notFound(TIMELINE_MESSAGES.patientNotFound);
  const kind = await viewerClassifier(db)(actor.userId, row);
  const tabs: AccessTab[] = ['adicionar'];
  await db
    .insert(code_access_logs)
    .values({ user_id: row.id, viewer_id: actor.userId, viewer_kind: kind, tabs: tabs.join(',') });
  return { id: row.id, name: row.name, avatar: avatarUrl(row.avatar), code: row.code };
}
