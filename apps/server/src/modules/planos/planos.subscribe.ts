import { fimDoPeriodo, PLANO_MESSAGES as M, type PlanosAnswer, pagarComSaldo } from '@pulso/domain';
import { and, eq } from 'drizzle-orm';
import { planos, subscriptions } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { ProviderSubscription } from '../../platform/payments.ts';
import {
  addSaldo,
  chargeDeps,
  chargeOnce,
  ensureCustomer,
  saveCard,
  savedCard,
} from '../pagamentos/index.ts';
import { mirrorSubscription } from './billing-mirror.ts';
import { activeSubscription, getPlanos, nowOf, type PlanosDeps, providerPrice } from './planos.read.ts';
import { mailReceipt } from './planos.receipt.ts';

/**
 * `PUT /api/planos/subscribe {stripe_plan, payment_method}`
 * (docs/payments-and-admin.md "Plans"): saves the card, charges the plan's
 * price (less any credit balance) once per idempotency key and starts a period
 * of one month (M) or year (A) from now. Errors: 404 plan not on sale; 409
 * {@link M.jaAssinante} while a plan is active, or another plan charge is in
 * flight; 402 with the provider's message.
 */
export async function subscribe(
  deps: PlanosDeps,
  userId: number,
  input: { stripePlan: string; paymentMethodId: string; idempotencyKey: string },
): Promise<PlanosAnswer> {
  const db = deps.ctx.database.db;
  const now = nowOf(deps);
  const [plano] = await db
    .select()
    .from(planos)
    .where(and(eq(planos.stripe_plan, input.stripePlan), eq(planos.ativo, true)))
    .limit(1);
  if (!plano) throw notFound(M.notFound);
  if (await activeSubscription(db, userId, now)) throw new HttpError(409, M.jaAssinante);
  const card = await saveCard(chargeDeps(deps.ctx), userId, input.paymentMethodId);
  const descricao = `Assinatura do plano ${plano.nome}`;
  const billing = deps.ctx.payments.billing;
  if (billing) {
    // Stripe Billing: Stripe charges the first period (its customer balance applies) and renews it.
    const price = providerPrice(plano);
    const customerId = await ensureCustomer(chargeDeps(deps.ctx), userId);
    let created: ProviderSubscription | null = null;
    const result = await chargeOnce(
      chargeDeps(deps.ctx),
      {
        userId,
        tipo: 'assinatura',
        valor: plano.preco,
        descricao,
        paymentMethodId: input.paymentMethodId,
        idempotencyKey: input.idempotencyKey,
        collect: async (key) => {
          created = await billing.create({
            customerId,
            price,
            paymentMethodId: input.paymentMethodId,
            idempotencyKey: key,
            metadata: { user_id: String(userId), payment_key: key },
          });
          const invoice = created.latestInvoice;
          return { providerId: invoice?.id ?? created.id, valor: invoice?.amount_paid ?? 0, card };
        },
      },
      async (tx) => (created ? mirrorSubscription(tx, { userId, planoId: plano.id, sub: created }) : null),
    );
    await mailReceipt(deps, userId, result, descricao);
    return getPlanos(deps, userId);
  }
  const saldo = (await savedCard(chargeDeps(deps.ctx), userId))?.saldo ?? 0;
  const { saldo_usado: usado, cobranca } = pagarComSaldo(plano.preco, saldo);
  const result = await chargeOnce(
    chargeDeps(deps.ctx),
    {
      userId,
      tipo: 'assinatura',
      valor: cobranca,
      descricao,
      paymentMethodId: input.paymentMethodId,
      idempotencyKey: input.idempotencyKey,
    },
    async (tx) => {
      if (await activeSubscription(tx, userId, now)) throw new HttpError(409, M.jaAssinante);
      await addSaldo(tx, userId, -usado);
      const [row] = await tx
        .insert(subscriptions)
        .values({
          user_id: userId,
          plano_id: plano.id,
          current_period_start: now,
          current_period_end: fimDoPeriodo(now, plano.periodo === 'A' ? 'A' : 'M'),
        })
        .returning({ id: subscriptions.id });
      return row?.id ?? null;
    },
  );
  await mailReceipt(deps, userId, result, descricao);
  return getPlanos(deps, userId);
}
