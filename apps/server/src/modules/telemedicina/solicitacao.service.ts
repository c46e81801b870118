import {
  type AtendimentoView,
  choosePagamento,
  isPassFormat,
  TELEMEDICINA_MESSAGES as M,
  normalizePass,
  type SolicitarAtendimento,
} from '@pulso/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { atendimentos, creditos, medico_bloqueios, passes } from '../../db/schema/index.ts';
import { fieldError, HttpError, notFound } from '../../errors.ts';
import { planQuotaLeft } from './pagamento-previsto.ts';
import { conflict, isUniqueViolation, partiesOf } from './telemedicina.access.ts';
import { publishAtendimentoEvent } from './telemedicina.events.ts';
import { type AtendimentoRow, loadAtendimentoView } from './telemedicina.presenter.ts';

import { findListableMedico, type TelemedicinaDeps } from './telemedicina.service.ts';

/**
 * Asking a doctor for care (docs/api/telemedicina.md "Requests and payment"): the request, paid in the
 * order of the rules there, and the event the doctor hears.
 */

/** What paid for a request, with the pass or credit it consumed. */
interface Payment {
  pagamento: 'suporte' | 'pass' | 'plano' | 'credito';
  pass_id: number | null;
  credito_id: number | null;
}

/**
 * Pays for the new request `atendimentoId` inside its transaction, in the
 * order of `choosePagamento` (docs/api/telemedicina.md "Requests and payment"): the support pseudo-doctor
 * needs nothing; a typed pass is claimed (issued by this doctor, unused:
 * the conditional update lets one of several concurrent requests have it);
 * then the plan's quota ({@link planQuotaLeft}, the subscription row
 * locked so concurrent requests count one after the other); then an unused credit, claimed atomically (`FOR UPDATE SKIP LOCKED`).
 * Errors: 422 `errors.pass` 'Passe inválido ou já utilizado'; 402 noPayment.
 */
async function pay(
  tx: Db,
  request: { atendimentoId: number; userId: number; medicoId: number; suporte: boolean; pass: string | null },
): Promise<Payment> {
  const none = { pass_id: null, credito_id: null };
  if (request.suporte) return { pagamento: 'suporte', ...none };
  if (request.pass !== null) {
    const [claimed] = await tx
      .update(passes)
      .set({ used_at: sql`now()`, used_by: request.userId })
      .where(
        and(eq(passes.code, request.pass), eq(passes.medico_id, request.medicoId), isNull(passes.used_at)),
      )
      .returning({ id: passes.id });
    if (!claimed) throw fieldError('pass', M.passInvalid);
    return { pagamento: 'pass', pass_id: claimed.id, credito_id: null };
  }
  const quotaLeft = await planQuotaLeft(tx, request.userId, { lock: true, besides: request.atendimentoId });
  const [credit] = await tx
    .select({ id: creditos.id })
    .from(creditos)
    .where(and(eq(creditos.user_id, request.userId), isNull(creditos.used_at)))
    .limit(1);
  const choice = choosePagamento({ suporte: false, pass: null, quotaLeft, hasCredit: credit !== undefined });
  if (choice === 'plano') return { pagamento: 'plano', ...none };
  if (choice === 'credito') {
    const claimed = (await tx.execute(sql`
      update ${creditos} set used_at = now(), atendimento_id = ${request.atendimentoId}
      where ${creditos.id} = (
        select ${creditos.id} from ${creditos}
        where ${creditos.user_id} = ${request.userId} and ${creditos.used_at} is null
        order by ${creditos.id} limit 1 for update skip locked
      ) and ${creditos.used_at} is null
      returning ${creditos.id} as id`)) as unknown as { rows: { id: number }[] };
    const row = claimed.rows[0];
    if (row) return { pagamento: 'credito', pass_id: null, credito_id: Number(row.id) };
  }
  throw new HttpError(402, M.noPayment);
}

/**
 * `POST /api/telemedicina/atendimento/medico/:id` (docs/api/telemedicina.md
 * "Requests and payment"): a new P session with the doctor, paid as {@link pay}
 * says, answered as the caller sees it with `message` 'Solicitação enviada'
 * (the web shows the thank-you text of support or of a doctor). The doctor
 * hears `atendimento.updated` and gets a Web Push when offline.
 * One open (P or A) session per patient and doctor holds under concurrent
 * requests (the partial unique index `atendimentos_open_unique`: the second
 * insert waits for the first and fails).
 * Errors: 404 medicoNotFound (unknown, suspended, closed, or the caller's
 * own profile); 403 blockedByMedico; 409 pendingOrActive; 422 `errors.pass`
 * passInvalid; 402 noPayment.
 */
export async function solicitarAtendimento(
  deps: TelemedicinaDeps,
  actor: Actor,
  medicoId: number,
  input: SolicitarAtendimento,
): Promise<{ atendimento: AtendimentoView; message: string }> {
  const db = deps.ctx.database.db;
  const medico = await findListableMedico(db, medicoId);
  if (medico.user_id === actor.userId) throw notFound(M.medicoNotFound);
  const pass = normalizePass(input.pass);
  if (pass !== null && !isPassFormat(pass)) throw fieldError('pass', M.passInvalid);
  const [blocked] = await db
    .select({ id: medico_bloqueios.medico_id })
    .from(medico_bloqueios)
    .where(and(eq(medico_bloqueios.medico_id, medico.id), eq(medico_bloqueios.user_id, actor.userId)))
    .limit(1);
  if (blocked) throw new HttpError(403, M.blockedByMedico);
  const row = await db.transaction(async (tx) => {
    let inserted: AtendimentoRow | undefined;
    try {
      [inserted] = await tx
        .insert(atendimentos)
        .values({ user_id: actor.userId, medico_id: medico.id, status: 'P', motivo: input.motivo })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(M.pendingOrActive);
      throw error;
    }
    if (!inserted) throw new Error('atendimento not inserted');
    const payment = await pay(tx, {
      atendimentoId: inserted.id,
      userId: actor.userId,
      medicoId: medico.id,
      suporte: medico.suporte,
      pass,
    });
    const [updated] = await tx
      .update(atendimentos)
      .set(payment)
      .where(eq(atendimentos.id, inserted.id))
      .returning();
    if (!updated) throw new Error('atendimento vanished');
    return updated;
  });
  const atendimento = await loadAtendimentoView(db, row, actor.userId);
  publishAtendimentoEvent(
    deps.ctx,
    deps.log,
    partiesOf(row, medico.user_id),
    'atendimento.updated',
    { atendimento },
    {
      to: 'medico',
      payload: {
        title: 'Nova solicitação de atendimento',
        body: 'Um paciente pediu um atendimento pelo Pulso.',
        url: '/medico',
      },
    },
  );
  return { atendimento, message: M.requested };
}
