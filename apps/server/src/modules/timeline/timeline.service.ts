import {
  type AccessTab,
  type AnexoView,
  isLocked,
  parseCode,
  TARGET_LOOKUP_VALID_HOURS,
  TIMELINE_ADD_DAILY_MAX,
  TIMELINE_ANEXOS_MAX,
  TIMELINE_MESSAGES,
  TIMELINE_PAGE_SIZE,
  TIPO_DOR,
  type TimelineActor,
  type TimelineItemCreate,
  type TimelineItemUpdate,
  type TimelineItemView,
  type TimelinePage,
  type TimelinePendentes,
  type TimelineTargetUser,
  timelineItemActions,
  todayInSaoPaulo,
  UNAUTHENTICATED_MESSAGE,
  type UserView,
} from '@pulso/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { code_access_logs, medicos, timeline_anexos, timeline_items, users } from '../../db/schema/index.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../errors.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import type { Storage } from '../../platform/storage.ts';
import { viewerClassifier } from '../code/viewer.service.ts';
import { findChoosableMedico } from '../medicos/medicos.service.ts';
import { avatarUrl, selectUserRow, toUserView } from '../users/user.presenter.ts';
import { type AnexoUpload, deleteAnexoFiles, storeAnexos, toAnexoView } from './timeline.anexos.ts';
import { buscaOf, type TimelineSearch, timelineSearch } from './timeline.search.ts';
import {
  addedOn,
  announceAddition,
  countAddition,
  dailyLimitReached,
  type TimelineNotifier,
} from './timeline.terceiros.ts';

/**
 * A patient's health timeline (docs/health-record.md "Timeline records",
 * "Pain map"; issue 5; docs/timeline-privacy.md). Who may do what:
 *
 * - the owner (the patient whose timeline holds the record) reads every
 *   record of their timeline, edits and deletes their own, deletes the ones
 *   others added, and accepts or refuses the pending ones (a third party's
 *   record waits for them: out of their list, in 'Registros aguardando sua
 *   aprovação');
 * - the author of a record added to someone else's timeline (`terceiro_id`)
 *   reads, edits and deletes that record only, never the rest of that
 *   timeline; a third party's edit sends the record back to pending;
 * - anyone else gets 404 (a record's existence is not revealed);
 * - pain records (type 8) are never edited or deleted, but the owner may
 *   remove a third party's (as any record a third party added);
 * - a locked caller (trial over, no plan, not corporate) may not add or edit
 *   records nor add attachments; reading, deleting, accepting and refusing stay allowed.
 */

/** What the timeline services need from the app. */
export interface TimelineDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  log: FastifyBaseLogger;
  /** Tells a patient of records others add (realtime and Web Push). */
  notifier: TimelineNotifier;
  /** Clock of the signed URLs, in Unix seconds (tests move it). */
  now?: () => number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// Largest value of a PostgreSQL `integer`: a bigger id names no row.
const INT4_MAX = 2_147_483_647;

/** The caller's `UserView`. Errors: 401 when the account is gone (its sessions go with it). */
export async function loadCaller(db: Db, actor: Actor): Promise<UserView> {
  const row = await selectUserRow(db, { id: actor.userId });
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return toUserView(row);
}

/**
 * Refuses writes of a locked caller (docs/health-record.md "Trial lock":
 * `isLocked` of the caller's own account, also when adding to another
 * patient's timeline).
 * Errors: 403 `{message: 'Seu período gratuito de 1 mês terminou.'}`.
 */
export function assertUnlocked(user: UserView): void {
  if (isLocked(user)) throw forbidden(TIMELINE_MESSAGES.locked);
}

const terceiros = alias(users, 'terceiro');
const owners = alias(users, 'owner');

const itemColumns = {
  id: timeline_items.id,
  user_id: timeline_items.user_id,
  tipo: timeline_items.tipo,
  data: timeline_items.data,
  descricao: timeline_items.descricao,
  valor: timeline_items.valor,
  medico_id: timeline_items.medico_id,
  medico_name: timeline_items.medico_name,
  created_by: timeline_items.created_by,
  terceiro_id: timeline_items.terceiro_id,
  terceiro_name: terceiros.name,
  atendimento_id: timeline_items.atendimento_id,
  local_dor: timeline_items.local_dor,
  intensidade_dor: timeline_items.intensidade_dor,
  pendente: timeline_items.pendente,
};

type ItemRow = {
  id: number;
  user_id: number;
  tipo: number;
  data: string;
  descricao: string;
  valor: string | null;
  medico_id: number | null;
  medico_name: string | null;
  created_by: string | null;
  terceiro_id: number | null;
  terceiro_name: string | null;
  atendimento_id: number | null;
  local_dor: string | null;
  intensidade_dor: string | null;
  pendente: boolean;
};

function createdBy(value: string | null): 'M' | 'T' | null {
  return value === 'M' || value === 'T' ? value : null;
}

/** The attachments of `itemIds`, in upload order, as views with URLs signed now. */
async function anexosOf(deps: TimelineDeps, itemIds: number[]): Promise<Map<number, AnexoView[]>> {
  const byItem = new Map<number, AnexoView[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await deps.db
    .select({
      id: timeline_anexos.id,
      timeline_item_id: timeline_anexos.timeline_item_id,
      path: timeline_anexos.path,
      name: timeline_anexos.name,
      mime: timeline_anexos.mime,
      size: timeline_anexos.size,
    })
    .from(timeline_anexos)
    .where(inArray(timeline_anexos.timeline_item_id, itemIds))
    .orderBy(asc(timeline_anexos.id));
  const now = (deps.now ?? nowSeconds)();
  for (const row of rows) {
    const list = byItem.get(row.timeline_item_id) ?? [];
    list.push(toAnexoView(row, deps.signer, now));
    byItem.set(row.timeline_item_id, list);
  }
  return byItem;
}

function toItemView(row: ItemRow, anexos: AnexoView[]): TimelineItemView {
  const by = createdBy(row.created_by);
  return {
    id: row.id,
    tipo: row.tipo,
    data: row.data,
    descricao: row.descricao,
    valor: row.valor,
    medico_id: row.medico_id,
    medico_name: row.medico_name,
    anexos,
    created_by: by,
    terceiro: by && row.terceiro_name ? { name: row.terceiro_name } : null,
    atendimento_id: row.atendimento_id,
    local_dor: row.local_dor,
    intensidade_dor: row.intensidade_dor,
    pendente: row.pendente,
  };
}

async function toItemViews(deps: TimelineDeps, rows: ItemRow[]): Promise<TimelineItemView[]> {
  const anexos = await anexosOf(
    deps,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toItemView(r, anexos.get(r.id) ?? []));
}

/** Filter of `GET /api/timeline/items/:medico/:search[/:offset]`. */
export interface TimelineListQuery {
  /** `'M'`: only records a doctor account added; `'all'`: every record. */
  medico: 'M' | 'all';
  /** The search term, or `null` for the whole timeline. */
  search: string | null;
  /** Records already loaded (docs/health-record.md "The list"). */
  offset: number;
}

/**
 * A page of the caller's own timeline (`GET /timeline/items`,
 * docs/api/timeline.md "Routes"): every record of their timeline, those added
 * by others included (with `terceiro`) once accepted — the pending ones are
 * in {@link listPendentes} only —, at most {@link TIMELINE_PAGE_SIZE} from
 * `offset`. Without a term newest first (`data` desc, then the latest
 * insertion); with one, the matches of {@link timelineSearch}, best first,
 * ties newest first (see {@link searchPage}). `total` counts every record the
 * filter and term match. Records the caller added to other timelines are
 * never listed here.
 */
export async function listTimeline(
  deps: TimelineDeps,
  actor: Actor,
  query: TimelineListQuery,
): Promise<TimelinePage> {
  const user = await loadCaller(deps.db, actor);
  const search = query.search ? timelineSearch(query.search) : null;
  const { rows, total } = search
    ? await searchPage(deps.db, actor, query, search)
    : await plainPage(deps.db, actor, query);
  return { user, timelineItems: await toItemViews(deps, rows), total };
}

/** The caller's records (doctor-made only with `M`), newest first, and how many there are. */
async function plainPage(
  db: Db,
  actor: Actor,
  query: TimelineListQuery,
): Promise<{ rows: ItemRow[]; total: number }> {
  const t = timeline_items;
  const where = and(
    eq(t.user_id, actor.userId),
    eq(t.pendente, false),
    query.medico === 'M' ? eq(t.created_by, 'M') : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(itemColumns)
      .from(t)
      .leftJoin(terceiros, eq(terceiros.id, t.terceiro_id))
      .where(where)
      .orderBy(desc(t.data), desc(t.id))
      .limit(TIMELINE_PAGE_SIZE)
      .offset(query.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * A page of matches of `search` among the caller's records, best first, and
 * their count, in one statement. The caller's records are taken first
 * (`MATERIALIZED`, through the `(user_id, data, id)` index) and the term is
 * matched and ranked among them only: the GIN indexes would otherwise match
 * the term across every patient's records before keeping the caller's (on a
 * table of 1,000,000 records, 'cardio' is 166,000 of them: bench/README.md).
 * The CTE is named after the table so that the search's column references
 * apply to it unchanged. Then the page's rows are read by id.
 */
async function searchPage(
  db: Db,
  actor: Actor,
  query: TimelineListQuery,
  search: TimelineSearch,
): Promise<{ rows: ItemRow[]; total: number }> {
  const t = timeline_items;
  const doctors = query.medico === 'M' ? sql`and ${t.created_by} = 'M'` : sql``;
  // Both drivers (node-postgres, PGlite) answer `{rows}`; the shared `Db` type leaves it `unknown`.
  const page = (await db.execute(sql`
    with ${t} as materialized (
      select ${t.id}, ${t.data}, ${t.busca}, ${t.search_vector} from ${t}
      where ${t.user_id} = ${actor.userId} and not ${t.pendente} ${doctors}
    )
    select ${t.id} as id, (count(*) over ())::int as total from ${t}
    where ${search.where}
    order by ${search.rank} desc, ${t.data} desc, ${t.id} desc
    limit ${TIMELINE_PAGE_SIZE} offset ${query.offset}`)) as unknown as {
    rows: { id: number; total: number }[];
  };
  const hits = page.rows.map((r) => ({ id: Number(r.id), total: Number(r.total) }));
  if (hits.length === 0) {
    // Past the last match (or none): the count alone.
    const [counted] = query.offset === 0 ? [{ n: 0 }] : await countMatches(db, actor, query, search);
    return { rows: [], total: counted?.n ?? 0 };
  }
  const found = await db
    .select(itemColumns)
    .from(t)
    .leftJoin(terceiros, eq(terceiros.id, t.terceiro_id))
    .where(
      inArray(
        t.id,
        hits.map((h) => h.id),
      ),
    );
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = hits.flatMap((h) => byId.get(h.id) ?? []);
  return { rows, total: hits[0]?.total ?? 0 };
}

/** How many of the caller's records match `search` (a page past the last match). */
function countMatches(db: Db, actor: Actor, query: TimelineListQuery, search: TimelineSearch) {
  const t = timeline_items;
  return db
    .select({ n: count() })
    .from(t)
    .where(
      and(
        eq(t.user_id, actor.userId),
        eq(t.pendente, false),
        query.medico === 'M' ? eq(t.created_by, 'M') : undefined,
        search.where,
      ),
    );
}

/**
 * The record `id` with the caller's role: `owner` when it is on the caller's
 * timeline, `author` when the caller added it to an open account's timeline.
 * Errors: 404 `TIMELINE_MESSAGES.notFound` for anyone else or an unknown id.
 */
async function findAccessible(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ row: ItemRow; role: TimelineActor }> {
  if (id > INT4_MAX) throw notFound(TIMELINE_MESSAGES.notFound);
  const t = timeline_items;
  const [found] = await db
    .select({ ...itemColumns, owner_active: owners.is_active })
    .from(t)
    .innerJoin(owners, eq(owners.id, t.user_id))
    .leftJoin(terceiros, eq(terceiros.id, t.terceiro_id))
    .where(eq(t.id, id))
    .limit(1);
  if (found) {
    const { owner_active, ...row } = found;
    if (row.user_id === actor.userId) return { row, role: 'owner' };
    const added = createdBy(row.created_by) !== null && row.terceiro_id === actor.userId;
    // A closed account's timeline is nobody's to read any more.
    if (added && owner_active) return { row, role: 'author' };
  }
  throw notFound(TIMELINE_MESSAGES.notFound);
}

/**
 * May `role` edit `row` (docs/health-record.md "Viewing, editing and
 * deleting"; issue 5): per `timelineItemActions`. Errors: 403 `painImmutable`
 * for a pain record, `notAuthor` for the owner of a record someone else
 * added.
 */
function assertMayEdit(row: ItemRow, role: TimelineActor): void {
  if (row.tipo === TIPO_DOR) throw forbidden(TIMELINE_MESSAGES.painImmutable);
  if (!timelineItemActions({ tipo: row.tipo, created_by: createdBy(row.created_by) }, role).edit) {
    throw forbidden(TIMELINE_MESSAGES.notAuthor);
  }
}

/**
 * `GET /api/timeline/item/:id` (docs/api/timeline.md "Routes"): `{user, timelineItem, role}` —
 * `user` is the caller's own `UserView` (never the patient's when the caller
 * is the author); `role` 'owner' or 'author' (beyond the spec: which buttons
 * `timelineItemActions` shows). Errors: 404 unless the caller owns the timeline or added the record.
 */
export async function getTimelineItem(
  deps: TimelineDeps,
  actor: Actor,
  id: number,
): Promise<{ user: UserView; timelineItem: TimelineItemView; role: TimelineActor }> {
  const user = await loadCaller(deps.db, actor);
  const { row, role } = await findAccessible(deps.db, actor, id);
  const [timelineItem] = await toItemViews(deps, [row]);
  return { user, timelineItem: timelineItem as TimelineItemView, role };
}

/**
 * The doctor chosen in a record, filled from the account (docs/health-record.md
 * "Choosing a doctor"): with `medico_id` the name is the doctor's account name,
 * whatever was sent; without it, the free-text `medico_name`. Errors: 422
 * `errors.medico_id` when the doctor is unknown, suspended or closed.
 */
async function resolveDoctor(
  db: Db,
  input: { medico_id: number | null; medico_name: string | null },
): Promise<{ medico_id: number | null; medico_name: string | null }> {
  if (input.medico_id === null) return { medico_id: null, medico_name: input.medico_name };
  const medico = input.medico_id <= INT4_MAX ? await findChoosableMedico(db, input.medico_id) : null;
  if (!medico) throw fieldError('medico_id', TIMELINE_MESSAGES.medico_id);
  return { medico_id: medico.id, medico_name: medico.name };
}

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
  const [timelineItem] = await toItemViews(deps, [row]);
  const message =
    target.created_by === null
      ? TIMELINE_MESSAGES.added
      : target.pendente
        ? TIMELINE_MESSAGES.addedPending
        : TIMELINE_MESSAGES.addedToPatient;
  return { message, timelineItem: timelineItem as TimelineItemView };
}

/**
 * A third party's edit of what they added (the record's content or its
 * attachments) is new content the patient has not accepted: the record
 * waits for approval again and the patient's list and badge refresh (no
 * Web Push: an edit adds nothing, and edits are not capped).
 */
function reviewAgain(row: ItemRow, role: TimelineActor): boolean {
  return role === 'author' && createdBy(row.created_by) === 'T';
}

function announceReview(deps: TimelineDeps, row: ItemRow): void {
  announceAddition(
    deps.notifier,
    deps.log,
    { patientId: row.user_id, itemId: row.id, created_by: 'T', pendente: true },
    false,
  );
}

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
  const caller = await loadCaller(deps.db, actor);
  const { row, role } = await findAccessible(deps.db, actor, id);
  assertMayEdit(row, role);
  assertUnlocked(caller);
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
  const [timelineItem] = await toItemViews(deps, [updated.row]);
  return timelineItem as TimelineItemView;
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
async function removeItem(deps: TimelineDeps, id: number, pendingOnly: boolean): Promise<boolean> {
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
  const [timelineItem] = await toItemViews(deps, [{ ...row, pendente: false }]);
  return timelineItem as TimelineItemView;
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

/**
 * `POST /api/timeline/item/anexo` (docs/api/timeline.md "Routes"): attaches one more
 * file to a record, with the rights of editing it (a third party's attachment sends
 * their record back to pending, see `reviewAgain`). Errors: 404 unless owner or author;
 * 403 painImmutable, notAuthor, locked; 422 `errors.anexo` when the record already has
 * {@link TIMELINE_ANEXOS_MAX} files.
 */
export async function addAnexo(
  deps: TimelineDeps,
  actor: Actor,
  itemId: number,
  upload: AnexoUpload,
): Promise<AnexoView> {
  const caller = await loadCaller(deps.db, actor);
  const { row, role } = await findAccessible(deps.db, actor, itemId);
  assertMayEdit(row, role);
  assertUnlocked(caller);
  const [stored] = await storeAnexos(deps, [upload]);
  if (!stored) throw new Error('attachment not stored');
  const review = reviewAgain(row, role);
  try {
    const inserted = await deps.db.transaction(async (tx) => {
      // The row lock orders concurrent uploads, so the cap holds.
      await tx
        .select({ id: timeline_items.id })
        .from(timeline_items)
        .where(eq(timeline_items.id, row.id))
        .for('update');
      const [n] = await tx
        .select({ n: count() })
        .from(timeline_anexos)
        .where(eq(timeline_anexos.timeline_item_id, row.id));
      if ((n?.n ?? 0) >= TIMELINE_ANEXOS_MAX) throw fieldError('anexo', TIMELINE_MESSAGES.anexosMax);
      const [anexo] = await tx
        .insert(timeline_anexos)
        .values({ ...stored, timeline_item_id: row.id })
        .returning();
      if (!anexo) throw new Error('attachment not inserted');
      if (review)
        await tx.update(timeline_items).set({ pendente: true }).where(eq(timeline_items.id, row.id));
      return anexo;
    });
    if (review) announceReview(deps, row);
    return toAnexoView(inserted, deps.signer, (deps.now ?? nowSeconds)());
  } catch (error) {
    await deleteAnexoFiles(deps, [stored.path]);
    throw error;
  }
}

/**
 * `DELETE /api/timeline/item/anexo/:id` (docs/api/timeline.md "Routes"):
 * removes one attachment (row, then file; a storage failure is logged), with
 * the rights of editing its record; not blocked by the trial lock. Errors: 404
 * `anexoNotFound` unless the caller owns or authored the record; 403
 * painImmutable, notAuthor.
 */
export async function removeAnexo(deps: TimelineDeps, actor: Actor, anexoId: number): Promise<void> {
  const [anexo] =
    anexoId <= INT4_MAX
      ? await deps.db
          .select({
            id: timeline_anexos.id,
            item: timeline_anexos.timeline_item_id,
            path: timeline_anexos.path,
          })
          .from(timeline_anexos)
          .where(eq(timeline_anexos.id, anexoId))
          .limit(1)
      : [];
  if (!anexo) throw notFound(TIMELINE_MESSAGES.anexoNotFound);
  const { row, role } = await findAccessible(deps.db, actor, anexo.item).catch((error: unknown) => {
    // Its record hidden from the caller: the attachment is just as unknown to them.
    throw error instanceof HttpError && error.statusCode === 404
      ? notFound(TIMELINE_MESSAGES.anexoNotFound)
      : error;
  });
  assertMayEdit(row, role);
  const deleted = await deps.db
    .delete(timeline_anexos)
    .where(eq(timeline_anexos.id, anexo.id))
    .returning({ path: timeline_anexos.path });
  await deleteAnexoFiles(
    deps,
    deleted.map((d) => d.path),
  );
}

/**
 * The bytes of an attachment behind a signed URL
 * (`GET /api/timeline/anexo/:id/:expires/:signature`). Errors: 403 when the
 * signature is not the server's or the URL expired; 404 when the attachment
 * or its file is gone.
 */
export async function readSignedAnexo(
  deps: TimelineDeps,
  params: { id: string; expires: string; signature: string },
): Promise<{ bytes: Buffer; name: string; mime: string; path: string; expires: number }> {
  const denied = () => forbidden(TIMELINE_MESSAGES.anexoLink);
  if (!/^\d{1,10}$/.test(params.id) || !/^\d{1,12}$/.test(params.expires)) throw denied();
  const id = Number(params.id);
  const expires = Number(params.expires);
  if (!deps.signer.verify(id, expires, params.signature, (deps.now ?? nowSeconds)())) throw denied();
  const [anexo] =
    id <= INT4_MAX
      ? await deps.db
          .select({ path: timeline_anexos.path, name: timeline_anexos.name, mime: timeline_anexos.mime })
          .from(timeline_anexos)
          .where(eq(timeline_anexos.id, id))
          .limit(1)
      : [];
  const bytes = anexo ? await deps.storage.get(anexo.path) : null;
  if (!anexo || !bytes) throw notFound(TIMELINE_MESSAGES.anexoNotFound);
  return { bytes, name: anexo.name, mime: anexo.mime, path: anexo.path, expires };
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
