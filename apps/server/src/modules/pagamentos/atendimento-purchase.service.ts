import { formatCentavos, PAGAMENTO_MESSAGES, type UserView } from '@pulso/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { receiptMail } from '../../platform/mail-templates.ts';
import { selectUserRow, toUserView } from '../users/index.ts';
import { chargeDeps, chargeOnce } from './charge.service.ts';
import { getAtendimentoValor } from './settings.service.ts';

/**
 * Buying one teleconsultation (`GET/PUT
 * /api/telemedicina/purchase/atendimento`, docs/payments-and-admin.md
 * "Single consultation"; issue 8 "Single teleconsultation"): the price is the
 * server's (`atendimento_valor`), the card is charged once per idempotency
 * key, and the payment grants one single-session credit (`hasCredit`) that
 * the next request to a paid doctor consumes (issue 6).
 */

/** The caller with the single-consultation price in centavos. */
export type UserWithValor = UserView & { atendimento_valor: number };

async function loadUser(ctx: AppContext, userId: number): Promise<{ view: UserView; email: string }> {
  const row = await selectUserRow(ctx.database.db, { id: userId });
  if (!row) throw notFound();
  return { view: toUserView(row), email: row.email };
}

/** `GET /api/telemedicina/purchase/atendimento`: `{user}` with `atendimento_valor` (centavos). */
export async function getAtendimentoPurchase(ctx: AppContext, actor: Actor): Promise<UserWithValor> {
  const { view } = await loadUser(ctx, actor.userId);
  return { ...view, atendimento_valor: await getAtendimentoValor(ctx.database.db) };
}

/**
 * `PUT /api/telemedicina/purchase/atendimento`: charges `atendimento_valor`
 * to `paymentMethodId` and adds one credit in the same transaction that
 * records the payment as paid; mails the receipt (a mail failure is logged,
 * the purchase stands). The same `idempotencyKey` twice charges once and
 * grants one credit. Errors: 402 with the provider's message; 409 while the
 * same key is in flight.
 */
export async function buyAtendimento(
  deps: { ctx: AppContext; log: FastifyBaseLogger },
  actor: Actor,
  input: { paymentMethodId: string; idempotencyKey: string },
): Promise<{ message: string; user: UserWithValor }> {
  const { ctx } = deps;
  const db = ctx.database.db;
  const valor = await getAtendimentoValor(db);
  const descricao = 'Teleconsulta avulsa (1 atendimento)';
  const result = await chargeOnce(chargeDeps(ctx), {
    userId: actor.userId,
    tipo: 'atendimento',
    valor,
    descricao,
    paymentMethodId: input.paymentMethodId,
    idempotencyKey: input.idempotencyKey,
    compra: { tipo: 'atendimento' },
  });
  const { view, email } = await loadUser(ctx, actor.userId);
  if (!result.replay) {
    try {
      await ctx.mailer.send(
        receiptMail({
          to: email,
          name: view.name,
          descricao,
          valor: result.payment.valor,
          card: result.card,
          paidAt: result.payment.updated_at,
          paymentId: result.payment.id,
          action: 'Escolher um médico',
          link: `${ctx.config.publicOrigin}/telemedicina/medicos`,
        }),
      );
    } catch (error) {
      deps.log.warn({ err: error, paymentId: result.payment.id }, 'receipt mail failed');
    }
  }
  deps.log.info(
    { paymentId: result.payment.id, replay: result.replay, valor: formatCentavos(valor) },
    'atendimento bought',
  );
  return { message: PAGAMENTO_MESSAGES.paid, user: { ...view, atendimento_valor: valor } };
}
