import { ADMIN_MEDICO_MESSAGES, type ChatRole, INT4_MAX, TELEMEDICINA_MESSAGES as M } from '@pulso/domain';
import { and, eq, getTableColumns, isNotNull, isNull } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { atendimentos, medicos, staff, users } from '../../db/schema/index.ts';
import { forbidden, HttpError, notFound } from '../../errors.ts';
import type { AtendimentoParties } from './telemedicina.events.ts';
import type { AtendimentoRow } from './telemedicina.presenter.ts';

/**
 * Who may touch what in telemedicine (docs/telemedicine.md "Who may do
 * what"; issue 6): a doctor account is a `users` row with a `medicos` row
 * that is not suspended; a session is seen only by its patient and its
 * doctor (anyone else gets 404, the session's existence is not revealed).
 */

/** 409 with a pt-BR message: the thing asked conflicts with a session's state. */
export function conflict(message: string): HttpError {
  return new HttpError(409, message);
}

/** Whether `error` (or its cause, as Drizzle wraps driver errors) is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** A doctor that patients may find and ask for care: not suspended, with an open account. */
export const listableMedico = () => and(isNull(medicos.suspended_at), eq(users.is_active, true));

/** The caller's own doctor profile id, `null` for an account without one or a suspended one. */
export async function medicoIdOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: medicos.id })
    .from(medicos)
    .where(and(eq(medicos.user_id, userId), isNull(medicos.suspended_at)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The support pseudo-doctor's profile id when `userId` is a staff member
 * with the support role on an open account (issue 9: "staff with the
 * support role answer the support pseudo-doctor's sessions from the doctor
 * area"), else `null`; also `null` while no support doctor exists or it is
 * suspended. An admin without the support role does not act as it.
 */
export async function suporteActedBy(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: medicos.id })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.user_id))
    .innerJoin(medicos, and(eq(medicos.suporte, true), isNull(medicos.suspended_at)))
    .where(and(eq(staff.user_id, userId), eq(staff.role, 'support'), eq(users.is_active, true)))
    .orderBy(medicos.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * The doctor profile of the caller (the doctor area, docs/telemedicine.md
 * "Doctor area"); for a support staff member, the support pseudo-doctor's
 * ({@link suporteActedBy}).
 * Errors: 403 'Esta conta não é de um médico.' for any other account; 403
 * 'Sua conta de médico está suspensa…' for a suspended doctor (issue 9: it
 * cannot sign in at /medico; docs/telemedicine.md "Doctors": it counts as no
 * doctor anywhere).
 */
export async function requireMedico(db: Db, actor: Actor): Promise<{ medicoId: number; userId: number }> {
  const medicoId = (await medicoIdOf(db, actor.userId)) ?? (await suporteActedBy(db, actor.userId));
  if (medicoId === null) {
    const [suspended] = await db
      .select({ id: medicos.id })
      .from(medicos)
      .where(and(eq(medicos.user_id, actor.userId), isNotNull(medicos.suspended_at)))
      .limit(1);
    throw forbidden(suspended ? ADMIN_MEDICO_MESSAGES.suspendedArea : M.notMedico);
  }
  return { medicoId, userId: actor.userId };
}

/** A session with the doctor's account id, as {@link findSessionFor} answers it. */
export interface SessionAccess {
  row: AtendimentoRow;
  /** The caller's side: the session's patient or its (not suspended) doctor. */
  role: ChatRole;
  medicoUserId: number;
}

/** The two accounts of a session, for `publishAtendimentoEvent`. */
export function partiesOf(
  row: Pick<AtendimentoRow, 'id' | 'user_id'>,
  medicoUserId: number,
): AtendimentoParties {
  return { atendimentoId: row.id, pacienteUserId: row.user_id, medicoUserId };
}

/** A session with its doctor's account id (`null` when unknown). */
export async function findSession(
  db: Db,
  id: number,
): Promise<(AtendimentoRow & { medico_user_id: number; medico_suspended: boolean }) | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > INT4_MAX) return null;
  const [row] = await db
    .select({
      ...getTableColumns(atendimentos),
      medico_user_id: medicos.user_id,
      medico_suspended_at: medicos.suspended_at,
    })
    .from(atendimentos)
    .innerJoin(medicos, eq(medicos.id, atendimentos.medico_id))
    .where(eq(atendimentos.id, id))
    .limit(1);
  if (!row) return null;
  const { medico_suspended_at, ...rest } = row;
  return { ...rest, medico_suspended: medico_suspended_at !== null };
}

/**
 * The session `id` with the caller's side: `paciente` for its patient,
 * `medico` for its doctor (not suspended) and, on the support
 * pseudo-doctor's sessions, for support staff. Errors: 404 'Atendimento não
 * encontrado' for anyone else and for an unknown id.
 */
export async function findSessionFor(db: Db, actor: Actor, id: number): Promise<SessionAccess> {
  const found = await findSession(db, id);
  const role = found ? await sideOf(db, found, actor.userId) : null;
  if (!found || !role) throw notFound(M.notFound);
  const { medico_user_id, medico_suspended, ...row } = found;
  return { row, role, medicoUserId: medico_user_id };
}

/**
 * Whether `userId` may hear the realtime room `atendimento.{atendimentoId}`:
 * the same rule as {@link findSessionFor} (its patient, its doctor while not
 * suspended, support staff on the support pseudo-doctor's sessions), asked by
 * the realtime layer when a socket joins the room.
 */
export async function mayHearAtendimento(db: Db, atendimentoId: number, userId: number): Promise<boolean> {
  const found = await findSession(db, atendimentoId);
  return found !== null && (await sideOf(db, found, userId)) !== null;
}

/** The side `userId` has in a found session, or `null` when none (the rule of {@link findSessionFor}). */
async function sideOf(
  db: Db,
  found: { user_id: number; medico_id: number; medico_user_id: number; medico_suspended: boolean },
  userId: number,
): Promise<ChatRole | null> {
  if (found.user_id === userId) return 'paciente';
  if (found.medico_suspended) return null;
  if (found.medico_user_id === userId) return 'medico';
  // Support staff answer the support pseudo-doctor's sessions (issue 9).
  return (await suporteActedBy(db, userId)) === found.medico_id ? 'medico' : null;
}
