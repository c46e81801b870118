import { todayInSaoPaulo } from '@pulso/domain';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { medicos, timeline_items, users } from '../../db/schema/index.ts';
import { buscaOf } from '../timeline/index.ts';
import { publishAtendimentoEvent } from './telemedicina.events.ts';

/**
 * What ending a session leaves behind (issue 6 decisions): the patient's
 * timeline gets a record of type 6 'Atendimento', and both sides hear
 * `atendimento.ended` (the patient also by Web Push when offline). Shared by
 * the doctor's `encerrar` (E) and the inactivity job (ET).
 */

/** Type 6 of the timeline (docs/health-record.md "Timeline records"): 'Atendimento'. */
export const TIPO_ATENDIMENTO = 6;

/** An ended session as these helpers need it. */
export interface EndedSession {
  id: number;
  user_id: number;
  medico_id: number;
  motivo: string | null;
}

/** The description of the type-6 record: 'Atendimento por telemedicina: {motivo}'. */
export function atendimentoRecordText(motivo: string | null): string {
  const reason = (motivo ?? '').trim();
  return reason ? `Atendimento por telemedicina: ${reason}` : 'Atendimento por telemedicina';
}

/**
 * Writes, inside the transaction that ended them, one timeline record per
 * session on its patient's timeline: type 6, `data` the day of `now` in
 * America/Sao_Paulo, `created_by` M with the doctor's id and account name,
 * `atendimento_id` and the `telemedicina` marker (served through the code
 * to the patient and that doctor only). No `terceiro_id`: the system wrote it, so the doctor
 * gains no edit rights on the patient's timeline; the patient may delete it
 * but not edit it (`timelineItemActions`).
 */
export async function writeAtendimentoRecords(
  tx: Db,
  ended: readonly EndedSession[],
  now: Date,
): Promise<void> {
  if (ended.length === 0) return;
  const names = await tx
    .select({ id: medicos.id, name: users.name })
    .from(medicos)
    .innerJoin(users, eq(users.id, medicos.user_id))
    .where(
      inArray(
        medicos.id,
        ended.map((e) => e.medico_id),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const data = todayInSaoPaulo(now);
  await tx.insert(timeline_items).values(
    ended.map((e) => {
      const item = {
        user_id: e.user_id,
        tipo: TIPO_ATENDIMENTO,
        data,
        descricao: atendimentoRecordText(e.motivo),
        medico_id: e.medico_id,
        medico_name: nameOf.get(e.medico_id) ?? null,
        created_by: 'M',
        atendimento_id: e.id,
        // Private whatever the patient's levels, also once the session's row is gone (docs/timeline-privacy.md).
        telemedicina: true,
      };
      return { ...item, busca: buscaOf(item) };
    }),
  );
}

/**
 * Tells both sides that a session ended (after commit): `atendimento.ended`
 * with the status, and a Web Push to the patient when offline.
 */
export function announceEnded(
  ctx: AppContext,
  log: FastifyBaseLogger,
  session: { id: number; user_id: number; medico_user_id: number },
  status: 'E' | 'ET',
): void {
  publishAtendimentoEvent(
    ctx,
    log,
    { atendimentoId: session.id, pacienteUserId: session.user_id, medicoUserId: session.medico_user_id },
    'atendimento.ended',
    { atendimento_id: session.id, status },
    {
      to: 'paciente',
      payload: {
        title: 'Atendimento encerrado',
        body:
          status === 'ET'
            ? 'Seu atendimento foi encerrado por inatividade.'
            : 'O médico encerrou o seu atendimento.',
        url: `/telemedicina/atendimento/${session.id}`,
      },
    },
  );
}
