import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { atendimentos, medicos, staff, users } from '../db/schema/index.ts';

/**
 * Whether `userId` is the patient or the doctor of session `atendimentoId`
 * (the only two accounts that may hear `atendimento.{id}`); on the support
 * pseudo-doctor's sessions, also a staff member with the support role, who
 * answers them from the doctor area (issue 9).
 */
export async function isParticipant(db: Db, atendimentoId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: atendimentos.id })
    .from(atendimentos)
    .innerJoin(medicos, eq(medicos.id, atendimentos.medico_id))
    .where(
      and(
        eq(atendimentos.id, atendimentoId),
        or(
          eq(atendimentos.user_id, userId),
          eq(medicos.user_id, userId),
          // Support staff answer the support pseudo-doctor's sessions (issue 9).
          and(
            eq(medicos.suporte, true),
            isNull(medicos.suspended_at),
            sql`exists (select 1 from ${staff} inner join ${users} on ${users.id} = ${staff.user_id}
              where ${staff.user_id} = ${userId} and ${staff.role} = 'support' and ${users.is_active})`,
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
