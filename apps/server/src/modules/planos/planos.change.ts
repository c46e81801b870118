import {
  fimDoPeriodo,
  PLANO_MESSAGES as M,
  type PlanosAnswer,
  type PlanoView,
  type Prorrateio,
  pagarComSaldo,
  prorrateio,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import type { ProviderSubscription } from '../../platform/payments.ts';
import { addSaldo, type ChargeResult, chargeDeps, chargeOnce, savedCard } from '../pagamentos/index.ts';
import { mirrorSubscription } from './billing-mirror.ts';
import {
  billingOf,
  getPlanos,
  nowOf,
  type PlanosDeps,
  planoById,
  providerPrice,
  requireActive,
  toPlanoView,
} from './planos.read.ts';
import { mailReceipt } from './planos.receipt.ts';

/**
 * What changing to plan `planoId` costs now (docs/payments-and-admin.md
 * "Changing plan"; shown before confirming): the unused part of the current
 * period credited, the credit balance used, and what is charged. Errors: 409 no
 * plan / same plan; 404.
 */
export async function previewPlanChange(
  deps: PlanosDeps,
  userId: number,
  planoId: number,
): Promise<{ plano: PlanoView; prorrateio: Prorrateio & { saldo_usado: number } }> {
  const db = deps.ctx.database.db;
  const now = nowOf(deps);
  const { subscription, plano: atual } = await requireActive(deps, userId);
  const novo = await planoById(db, planoId);
  if (novo.id === atual.id) throw new HttpError(409, M.mesmoPlano);
  const provider = billingOf(deps.ctx, subscription);
  if (provider) {
    // Stripe prorates the change itself: its preview is what the confirmation charges.
    const quote = await provider.billing.quoteChange(provider.id, providerPrice(novo), now);
    return { plano: toPlanoView(novo), prorrateio: quote };
  }
  const conta = prorrateio({
    precoAtual: atual.preco,
    precoNovo: novo.preco,
    periodStart: subscription.current_period_start,
    periodEnd: subscription.current_period_end,
    now,
  });
  const saldo = (await savedCard(chargeDeps(deps.ctx), userId))?.saldo ?? 0;
  return { plano: toPlanoView(novo), prorrateio: { ...conta, ...pagarComSaldo(conta.cobranca, saldo) } };
}

/**
 * `PUT /api/planos/alterar/{id}` (docs/payments-and-admin.md "Changing plan"):
 * charges the new price less the unused part of the current period (and any
 * credit balance) to the saved card, once per idempotency key, and starts a
 * full period of the new plan now; credit beyond the new price stays as
 * balance. Errors: 409 no plan / same plan / no saved card / another plan
 * charge in flight; 404; 402.
 */
export async function changePlan(
  deps: PlanosDeps,
  userId: number,
  planoId: number,
  idempotencyKey: string,
): Promise<PlanosAnswer> {
  const now = nowOf(deps);
  const { subscription, plano: atual } = await requireActive({ ...deps, now: () => now }, userId);
  const card = await savedCard(chargeDeps(deps.ctx), userId);
  if (!card) throw new HttpError(409, M.semCartao);
  const novo = await planoById(deps.ctx.database.db, planoId);
  if (novo.id === atual.id) throw new HttpError(409, M.mesmoPlano);
  const descricao = `Troca para o plano ${novo.nome}`;
  const request = {
    userId,
    tipo: 'troca_plano' as const,
    descricao,
    paymentMethodId: card.paymentMethodId,
    // The period's start changes with every change: a later change to the same plan is a new purchase.
    idempotencyKey: `${subscription.id}:${novo.id}:${subscription.current_period_start.getTime()}:${idempotencyKey}`,
  };
  const provider = billingOf(deps.ctx, subscription);
  let result: ChargeResult;
  if (provider) {
    // Stripe prorates, invoices and charges the change; its credit stays in the customer's balance.
    const price = providerPrice(novo);
    let changed: ProviderSubscription | null = null;
    result = await chargeOnce(
      chargeDeps(deps.ctx),
      {
        ...request,
        valor: novo.preco,
        collect: async (key) => {
          changed = await provider.billing.changePrice({
            id: provider.id,
            price,
            at: now,
            idempotencyKey: key,
            metadata: { user_id: String(userId), payment_key: key },
          });
          const invoice = changed.latestInvoice;
          return { providerId: invoice?.id ?? changed.id, valor: invoice?.amount_paid ?? 0, card: card.card };
        },
      },
      async (tx) => (changed ? mirrorSubscription(tx, { userId, planoId: novo.id, sub: changed }) : null),
    );
  } else {
    const { prorrateio: conta } = await previewPlanChange({ ...deps, now: () => now }, userId, planoId);
    result = await chargeOnce(chargeDeps(deps.ctx), { ...request, valor: conta.cobranca }, async (tx) => {
      await addSaldo(tx, userId, conta.saldo - conta.saldo_usado);
      await tx
        .update(subscriptions)
        .set({
          plano_id: novo.id,
          current_period_start: now,
          current_period_end: fimDoPeriodo(now, novo.periodo === 'A' ? 'A' : 'M'),
          ends_at: null,
          updated_at: now,
        })
        .where(eq(subscriptions.id, subscription.id));
      return subscription.id;
    });
  }
  await mailReceipt(deps, userId, result, descricao);
  return getPlanos(deps, userId);
}
