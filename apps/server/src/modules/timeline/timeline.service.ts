import {
  type AnexoView,
  INT4_MAX,
  isLocked,
  TIMELINE_MESSAGES,
  TIPO_DOR,
  type TimelineActor,
  type TimelineItemView,
  timelineItemActions,
  UNAUTHENTICATED_MESSAGE,
  type UserView,
} from '@pulso/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { timeline_anexos, timeline_items, users } from '../../db/schema/index.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../errors.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import type { Storage } from '../../platform/storage.ts';
import { findChoosableMedico } from '../medicos/index.ts';
import { selectUserRow, toUserView } from '../users/index.ts';
import { toAnexoView } from './timeline.anexos.ts';
import { announceAddition, type TimelineNotifier } from './timeline.terceiros.ts';

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
 *
 * This file holds what every use case shares: the caller, the access rules
 * and a record's row and view. The use cases: `timeline.page.ts` (a page of
 * the list), `timeline.queries.ts` (one record), `timeline.create.ts`, `timeline.edit.ts` (edit, delete),
 * `timeline.pendentes.ts` (accept, refuse), `timeline.item-anexos.ts`.
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

/** The clock of the signed URLs now, in Unix seconds: `deps.now`, else the system's. */
export function signingNow(deps: Pick<TimelineDeps, 'now'>): number {
  return deps.now ? deps.now() : Math.floor(Date.now() / 1000);
}

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

/** The user who added a record to someone else's timeline, joined as `terceiro_name`. */
export const terceiros = alias(users, 'terceiro');
const owners = alias(users, 'owner');

/** The columns of an {@link ItemRow}; select them from `timeline_items` left-joined to {@link terceiros}. */
export const itemColumns = {
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

/** A record as read by {@link itemColumns}. */
export type ItemRow = {
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

/** Who marked a record added to someone else's timeline: 'M' (a doctor), 'T' (a third party), else null. */
export function createdBy(value: string | null): 'M' | 'T' | null {
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
  const now = signingNow(deps);
  for (const row of rows) {
    const list = byItem.get(row.timeline_item_id) ?? [];
    list.push(toAnexoView(row, deps.signer, now));
    byItem.set(row.timeline_item_id, list);
  }
  return byItem;
}

/** `row` as answered, with `anexos` (its attachments' views, in upload order). */
export function toItemView(row: ItemRow, anexos: AnexoView[]): TimelineItemView {
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

/** `rows` as answered (`TimelineItemView`), in the same order, with their attachments' URLs signed now. */
export async function toItemViews(deps: TimelineDeps, rows: ItemRow[]): Promise<TimelineItemView[]> {
  const anexos = await anexosOf(
    deps,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toItemView(r, anexos.get(r.id) ?? []));
}

/** The one view of `row` (see {@link toItemViews}). */
export async function toItemViewOf(deps: TimelineDeps, row: ItemRow): Promise<TimelineItemView> {
  const [view] = await toItemViews(deps, [row]);
  return view as TimelineItemView;
}

/**
 * The record `id` with the caller's role: `owner` when it is on the caller's
 * timeline, `author` when the caller added it to an open account's timeline.
 * Errors: 404 `TIMELINE_MESSAGES.notFound` for anyone else or an unknown id.
 */
export async function findAccessible(
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
export function assertMayEdit(row: ItemRow, role: TimelineActor): void {
  if (row.tipo === TIPO_DOR) throw forbidden(TIMELINE_MESSAGES.painImmutable);
  if (!timelineItemActions({ tipo: row.tipo, created_by: createdBy(row.created_by) }, role).edit) {
    throw forbidden(TIMELINE_MESSAGES.notAuthor);
  }
}

/**
 * The record `id` for an edit (its content or its attachments), with the
 * caller's role. Errors, in this order: 401 (account gone), 404 unless owner
 * or author, 403 painImmutable, notAuthor (see {@link assertMayEdit}), then
 * 403 locked (see {@link assertUnlocked}).
 */
export async function findEditable(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ row: ItemRow; role: TimelineActor }> {
  const caller = await loadCaller(db, actor);
  const found = await findAccessible(db, actor, id);
  assertMayEdit(found.row, found.role);
  assertUnlocked(caller);
  return found;
}

/**
 * A third party's edit of what they added (the record's content or its
 * attachments) is new content the patient has not accepted: the record
 * waits for approval again and the patient's list and badge refresh (no
 * Web Push: an edit adds nothing, and edits are not capped).
 */
export function reviewAgain(row: ItemRow, role: TimelineActor): boolean {
  return role === 'author' && createdBy(row.created_by) === 'T';
}

/** Tells the patient (realtime only, see {@link reviewAgain}) that `row` waits for their approval again. */
export function announceReview(deps: TimelineDeps, row: ItemRow): void {
  announceAddition(
    deps.notifier,
    deps.log,
    { patientId: row.user_id, itemId: row.id, created_by: 'T', pendente: true },
    false,
  );
}

/**
 * The doctor chosen in a record, filled from the account (docs/health-record.md
 * "Choosing a doctor"): with `medico_id` the name is the doctor's account name,
 * whatever was sent; without it, the free-text `medico_name`. Errors: 422
 * `errors.medico_id` when the doctor is unknown, suspended or closed.
 */
export async function resolveDoctor(
  db: Db,
  input: { medico_id: number | null; medico_name: string | null },
): Promise<{ medico_id: number | null; medico_name: string | null }> {
  if (input.medico_id === null) return { medico_id: null, medico_name: input.medico_name };
  const medico = input.medico_id <= INT4_MAX ? await findChoosableMedico(db, input.medico_id) : null;
  if (!medico) throw fieldError('medico_id', TIMELINE_MESSAGES.medico_id);
  return { medico_id: medico.id, medico_name: medico.name };
}
