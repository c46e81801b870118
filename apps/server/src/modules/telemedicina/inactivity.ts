import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { atendimentos, medicos } from '../../db/schema/index.ts';
import { announceEnded, writeAtendimentoRecords } from './telemedicina.ending.ts';

/**
 * Ends idle care sessions (docs/telemedicine.md "Ending and inactivity": an
 * A session with no message for `config.inatividadeHoras` hours —
 * `ATENDIMENTO_INATIVIDADE_HORAS`, default 24 — ends as ET; the chat then
 * shows 'Atendimento encerrado devido ao tempo de inatividade.'). Idle means
 * `last_message_at` (set on acceptance and on every message) older than
 * `now` minus the setting; a session without it counts from its acceptance,
 * or its creation.
 *
 * One `UPDATE … WHERE status = 'A'` of the idle rows it could lock (`FOR
 * UPDATE SKIP LOCKED`) ends them and, in the same transaction, writes each
 * one's type-6 timeline record; so two nodes running it at once end each
 * session once (each takes the rows the other does not hold, and a row ended
 * by one is no longer A for the other), and a message being posted (which
 * locks the session row) is never waited for: that session is left for the
 * next run, which sees its new `last_message_at`. After the commit each ended session gets `atendimento.ended`
 * (status ET) and a Web Push to its patient. The scheduler (`platform/jobs.ts`,
 * `main.ts`) calls it every minute. Answers how many sessions this call ended.
 */
export async function endIdleAtendimentos(
  ctx: AppContext,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const db = ctx.database.db;
  const cutoff = new Date(now.getTime() - ctx.config.inatividadeHoras * 3600 * 1000);
  const ended = await db.transaction(async (tx) => {
    // Rows another runner (or a message being written) holds are skipped, not waited for.
    const idle = tx
      .select({ id: atendimentos.id })
      .from(atendimentos)
      .where(
        and(
          eq(atendimentos.status, 'A'),
          or(
            lt(atendimentos.last_message_at, cutoff),
            and(
              isNull(atendimentos.last_message_at),
              lt(sql`coalesce(${atendimentos.accepted_at}, ${atendimentos.created_at})`, cutoff),
            ),
          ),
        ),
      )
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(atendimentos)
      .set({ status: 'ET', ended_at: now, updated_at: now })
      .where(and(inArray(atendimentos.id, idle), eq(atendimentos.status, 'A')))
      .returning({
        id: atendimentos.id,
        user_id: atendimentos.user_id,
        medico_id: atendimentos.medico_id,
        motivo: atendimentos.motivo,
      });
    await writeAtendimentoRecords(tx, rows, now);
    return rows;
  });
  if (ended.length === 0) return 0;
  const doctors = await db
    .select({ id: medicos.id, user_id: medicos.user_id })
    .from(medicos)
    .where(
      inArray(
        medicos.id,
        ended.map((e) => e.medico_id),
      ),
    );
  const userOf = new Map(doctors.map((d) => [d.id, d.user_id]));
  for (const session of ended) {
    const medicoUserId = userOf.get(session.medico_id);
    if (medicoUserId === undefined) continue;
    announceEnded(ctx, log, { id: session.id, user_id: session.user_id, medico_user_id: medicoUserId }, 'ET');
  }
  log.info({ ended: ended.length }, 'idle care sessions ended');
  return ended.length;
}
