import { type CardView, PLANO_MESSAGES as M, type PlanosAnswer, type PlanoView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { chargeDeps, ensureCustomer, saveCard } from '../pagamentos/index.ts';
import {
  activeSubscription,
  billingOf,
  getPlanos,
  nowOf,
  type PlanosDeps,
  planoById,
  requireActive,
  toPlanoView,
} from './planos.read.ts';

/**
 * The subscription's own commands (docs/payments-and-admin.md "Subscription
 * states", "Saved card"): the card form's intent, cancelling, renewing, and
 * changing the saved card. What is read: planos.read.ts.
 */

/**
 * `GET /api/planos/pagamento/{plano}` and `GET /api/planos/pagamento`
 * (docs/payments-and-admin.md "Plans"): a SetupIntent for the card form
 * (`intent.client_secret`), with the plan when one is named. 404 for a plan
 * not on sale.
 */
export async function cardIntent(
  deps: PlanosDeps,
  userId: number,
  planoId: number | null,
): Promise<{ plano?: PlanoView; intent: { client_secret: string } }> {
  const plano = planoId === null ? null : toPlanoView(await planoById(deps.ctx.database.db, planoId));
  const customerId = await ensureCustomer(chargeDeps(deps.ctx), userId);
  const intent = await deps.ctx.payments.createSetupIntent(customerId);
  return plano ? { plano, intent } : { intent };
}

/**
 * `PUT /api/planos/cancelar` (docs/payments-and-admin.md
 * "Subscription states"): `ends_at` = the period end; the plan lasts until
 * then. 409 none / already.
 */
export async function cancelSubscription(deps: PlanosDeps, userId: number): Promise<PlanosAnswer> {
  const { subscription } = await requireActive(deps, userId);
  if (subscription.ends_at) throw new HttpError(409, M.jaCancelado);
  const provider = billingOf(deps.ctx, subscription);
  const endsAt = provider
    ? (await provider.billing.setCancelAtPeriodEnd(provider.id, true)).current_period_end
    : subscription.current_period_end;
  await deps.ctx.database.db
    .update(subscriptions)
    .set({ ends_at: endsAt, updated_at: new Date() })
    .where(eq(subscriptions.id, subscription.id));
  return getPlanos(deps, userId);
}

/**
 * `PUT /api/planos/renovar` (docs/payments-and-admin.md "Subscription states"):
 * clears `ends_at`, so the plan renews at the period end. 409 none / not
 * cancelled.
 */
export async function renewSubscription(deps: PlanosDeps, userId: number): Promise<PlanosAnswer> {
  const { subscription } = await requireActive(deps, userId);
  if (!subscription.ends_at) throw new HttpError(409, M.naoCancelado);
  const provider = billingOf(deps.ctx, subscription);
  if (provider) await provider.billing.setCancelAtPeriodEnd(provider.id, false);
  await deps.ctx.database.db
    .update(subscriptions)
    .set({ ends_at: null, updated_at: new Date() })
    .where(eq(subscriptions.id, subscription.id));
  return getPlanos(deps, userId);
}

/**
 * `PUT /api/planos/pagamento {payment_method}` (docs/payments-and-admin.md
 * "Saved card"): the new saved card, also the card of the active Stripe
 * Billing subscription. 402 when refused.
 */
export async function changeCard(
  deps: PlanosDeps,
  userId: number,
  paymentMethodId: string,
): Promise<CardView> {
  const card = await saveCard(chargeDeps(deps.ctx), userId, paymentMethodId);
  // A Stripe Billing subscription charges its own card: it follows the saved one.
  const active = await activeSubscription(deps.ctx.database.db, userId, nowOf(deps));
  const provider = active ? billingOf(deps.ctx, active.subscription) : null;
  if (provider) await provider.billing.setPaymentMethod(provider.id, paymentMethodId);
  return card;
}
