import {
  type DoencasUpdate,
  type DoencaView,
  type Hospitalar,
  hospitalarDoctorFields,
  type Outras,
  SAUDE_MESSAGES,
  type Saude,
  UNAUTHENTICATED_MESSAGE,
  type UserHealthView,
} from '@pulso/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { doencas, especialidades, user_doencas, users } from '../../db/schema/index.ts';
import { fieldError, HttpError } from '../../errors.ts';
import { findChoosableMedico } from '../medicos/index.ts';
import { healthSections, selectUserRow, toUserView, type UserViewRow } from '../users/index.ts';

/** Answer of a saved /saude card (docs/health-record.md "My Health"). */
export const SAVED_MESSAGE = SAUDE_MESSAGES.saved;

/** The owner's `UserView` plus `saude` and `hospitalar`: only ever answered to the owner. */
export function toUserHealthView(row: UserViewRow): UserHealthView {
  return { ...toUserView(row), ...healthSections(row) };
}

async function loadHealthView(db: Db, userId: number): Promise<UserHealthView> {
  const row = await selectUserRow(db, { id: userId });
  // Sessions cascade with their user: a live session without a user means it was just closed.
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return toUserHealthView(row);
}

/** The whole checklist in name order, with the patient's marks. */
async function loadDoencas(db: Db, userId: number): Promise<DoencaView[]> {
  const rows = await db
    .select({ id: doencas.id, nome: doencas.nome, mark: user_doencas.doenca_id })
    .from(doencas)
    .leftJoin(user_doencas, and(eq(user_doencas.doenca_id, doencas.id), eq(user_doencas.user_id, userId)))
    .orderBy(asc(doencas.nome));
  return rows.map((r) => ({ id: r.id, nome: r.nome, checked: r.mark !== null }));
}

/**
 * Writes `values` to the actor's own row only (the id comes from the session,
 * never from the request) and stamps `updated_at`, the "last edited" date of
 * the patient's data. Answers the health view.
 */
async function updateOwnRow(
  db: Db,
  actor: Actor,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserHealthView> {
  const updated = await db
    .update(users)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(users.id, actor.userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return loadHealthView(db, actor.userId);
}

/**
 * `GET /api/saude` (docs/health-record.md "My Health"): the owner's health
 * view, the CFM specialties (for the doctor's specialty) and the disease
 * checklist. Errors: 401.
 */
export async function getSaude(db: Db, actor: Actor) {
  const user = await loadHealthView(db, actor.userId);
  const lista = await db
    .select({ id: especialidades.id, nome: especialidades.nome })
    .from(especialidades)
    .orderBy(asc(especialidades.nome));
  return { user, especialidades: lista, doencas: await loadDoencas(db, actor.userId) };
}

/**
 * Replaces the health card (`saude`, docs/health-record.md "Health information"); absent fields are
 * cleared. `sus` is 15 digits.
 */
export function updateSaude(db: Db, actor: Actor, input: Saude): Promise<UserHealthView> {
  return updateOwnRow(db, actor, input);
}

/**
 * Replaces the hospital card (`hospitalar`, docs/health-record.md "Hospital
 * information"). With a `medico_id`, the doctor must be choosable (known, not
 * suspended, account open) and name, CRM and specialty are copied from the
 * doctor's record (`hospitalarDoctorFields`), whatever the client sent for them;
 * with `null` the doctor typed as free text is stored as sent. Errors: 422
 * `errors.medico_id` for a doctor that cannot be chosen (nothing is written); 401.
 */
export async function updateHospitalar(db: Db, actor: Actor, input: Hospitalar): Promise<UserHealthView> {
  if (input.medico_id === null) return updateOwnRow(db, actor, input);
  const medico = await findChoosableMedico(db, input.medico_id);
  if (!medico) throw fieldError('medico_id', SAUDE_MESSAGES.medico_id);
  return updateOwnRow(db, actor, { ...input, ...hospitalarDoctorFields(medico) });
}

/** Replaces the other-info card (`outras`: doador S/N, adicional). */
export function updateOutras(db: Db, actor: Actor, input: Outras): Promise<UserHealthView> {
  return updateOwnRow(db, actor, { doador: input.doador, adicional: input.adicional });
}

/**
 * Applies the checklist (`PUT /api/doencas`): each listed disease is marked
 * or unmarked for the actor; diseases not listed keep their mark. Errors: 422
 * `errors.doencas` when an id is not in the list (nothing is written); 401.
 */
export async function updateDoencas(db: Db, actor: Actor, input: DoencasUpdate): Promise<DoencaView[]> {
  // The last entry for an id wins, as the checklist would show it.
  const wanted = new Map(input.doencas.map((d) => [d.id, d.checked]));
  const ids = [...wanted.keys()];
  await db.transaction(async (tx) => {
    // Locks the user row: concurrent checklists of one patient apply one after the other.
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    if (!owner) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
    if (ids.length === 0) return;
    const known = await tx.select({ id: doencas.id }).from(doencas).where(inArray(doencas.id, ids));
    if (known.length !== ids.length) throw fieldError('doencas', SAUDE_MESSAGES.doencas);
    const checked = ids.filter((id) => wanted.get(id));
    const unchecked = ids.filter((id) => !wanted.get(id));
    if (unchecked.length > 0) {
      await tx
        .delete(user_doencas)
        .where(and(eq(user_doencas.user_id, actor.userId), inArray(user_doencas.doenca_id, unchecked)));
    }
    if (checked.length > 0) {
      await tx
        .insert(user_doencas)
        .values(checked.map((doenca_id) => ({ user_id: actor.userId, doenca_id })))
        .onConflictDoNothing();
    }
    await tx.update(users).set({ updated_at: sql`now()` }).where(eq(users.id, actor.userId));
  });
  return loadDoencas(db, actor.userId);
}
