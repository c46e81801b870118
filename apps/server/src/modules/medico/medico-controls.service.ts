import { TELEMEDICINA_MESSAGES as M, type MedicoView, TIMELINE_MESSAGES } from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { atendimentos, medico_bloqueios, medicos } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { loadMedicoView, requireMedico } from '../telemedicina/index.ts';

/**
 * What a doctor sets for itself in its area (docs/api/telemedicina.md "Doctor area"): its availability status
 * and which of its patients may no longer ask it for care. Every service starts with `requireMedico`
 * (403 'Esta conta não é de um médico.').
 */

/** `PUT /api/medico/status` (docs/api/telemedicina.md "Doctor area": 2 disponível, 1 ocupado, 0 offline): the doctor's own view after it. */
export async function setStatus(db: Db, actor: Actor, status: number): Promise<MedicoView> {
  const { medicoId } = await requireMedico(db, actor);
  await db.update(medicos).set({ status, updated_at: sql`now()` }).where(eq(medicos.id, medicoId));
  const medico = await loadMedicoView(db, medicoId, actor.userId);
  if (!medico) throw notFound(M.medicoNotFound);
  return medico;
}

/**
 * `PUT /api/medico/bloqueio/:userId {bloqueado}` (docs/api/telemedicina.md "Doctor area"):
 * blocks (no new requests from this patient to this doctor; the patient
 * sees 'médico bloqueado') or unblocks a patient; idempotent. Only a patient
 * who had a session with the doctor. Answers 'Paciente bloqueado' or
 * 'Paciente desbloqueado'. Errors: 403 notMedico; 404 'Paciente não
 * encontrado' for anyone else.
 */
export async function setBloqueio(db: Db, actor: Actor, userId: number, bloqueado: boolean): Promise<string> {
  const { medicoId } = await requireMedico(db, actor);
  const [had] = await db
    .select({ id: atendimentos.id })
    .from(atendimentos)
    .where(and(eq(atendimentos.medico_id, medicoId), eq(atendimentos.user_id, userId)))
    .limit(1);
  if (!had) throw notFound(TIMELINE_MESSAGES.patientNotFound);
  if (bloqueado) {
    await db.insert(medico_bloqueios).values({ medico_id: medicoId, user_id: userId }).onConflictDoNothing();
    return M.blocked;
  }
  await db
    .delete(medico_bloqueios)
    .where(and(eq(medico_bloqueios.medico_id, medicoId), eq(medico_bloqueios.user_id, userId)));
  return M.unblocked;
}
