import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { payments, planos, subscriptions } from '../../db/schema/index.ts';
import type { JobLog } from '../../platform/jobs.ts';
import { STRIPE_FALLBACK_MESSAGE } from '../../platform/payments-stripe-errors.ts';
import { type BillingResult, savedCard } from '../pagamentos/index.ts';
import { mirrorSubscription } from './billing-mirror.ts';
import { sendPlanReceipt } from './planos.receipt.ts';
import { mailRenewalFailure } from './renewal.ts';

/**
 * Stripe Billing's webhook events for plans (issue 8 "Renewal at period
 * end: … in stripe mode webhooks drive it"). Stripe renews each
 * subscription and reports; Pulso's copy in `subscriptions` follows:
 * - `invoice.paid`, `subscription_cycle`: the renewal: the period moves to the
 *   invoice's, the payment is recorded (`stripe:<invoice id>`) and its receipt mailed;
 * - `invoice.paid`, `subscription_create` / `subscription_update`: the
 *   subscribe or plan change of a request; when that request did not record
 *   it (a crash after Stripe charged), its `pendente` payment is marked paid
 *   and the subscription mirrored from Stripe: nothing paid is lost;
 * - `invoice.payment_failed`, `subscription_cycle`: a failed renewal ends the
 *   plan, as in sandbox mode: the subscription is cancelled at Stripe (no
 *   retries), the refusal recorded, the period not extended (the trial lock
 *   applies again) and the patient mailed;
 * - `customer.subscription.updated`: a cancellation at the period end set or
 *   undone elsewhere (Stripe's dashboard) is mirrored in `ends_at`;
 * - `customer.subscription.deleted`: the plan ends at the latest now.
 * The period moves only with a paid invoice: access follows payment.
 */

/** The event types {@link handleBillingEvent} handles. */
export const BILLING_EVENTS: ReadonlySet<string> = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const fromSeconds = (value: number) => new Date(value * 1000);

/** The invoice's line of the subscription's own item (not a proration), or its last line. */
function subscriptionLine(invoice: Stripe.Invoice): Stripe.InvoiceLineItem | undefined {
  const lines = invoice.lines.data;
  return (
    lines.find((l) => l.parent?.subscription_item_details && !l.parent.subscription_item_details.proration) ??
    lines.at(-1)
  );
}

async function localSubscription(tx: Db, providerId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .innerJoin(planos, eq(planos.id, subscriptions.plano_id))
    .where(eq(subscriptions.provider_subscription_id, providerId))
    .for('update')
    .limit(1);
  return row ?? null;
}

async function planoByPrice(tx: Db, price: string | null) {
  if (!price) return null;
  const [row] = await tx.select().from(planos).where(eq(planos.stripe_plan, price)).limit(1);
  return row ?? null;
}

/**
 * Handles one billing event inside the webhook's transaction `tx` (the
 * event id is stored there: a redelivery never reaches here). Stripe calls
 * it makes (reading a subscription, cancelling one) run inside, so a failure
 * rolls the event back for Stripe's retry.
 */
export async function handleBillingEvent(
  tx: Db,
  deps: { ctx: AppContext; log: JobLog },
  event: Stripe.Event,
): Promise<BillingResult> {
  const billing = deps.ctx.payments.billing;
  if (!billing) return { outcome: 'ignored' };
  switch (event.type) {
    case 'invoice.paid':
      return invoicePaid(tx, deps, event.data.object);
    case 'invoice.payment_failed':
      return invoiceFailed(tx, deps, event.data.object);
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      const local = await localSubscription(tx, sub.id);
      if (!local) return { outcome: 'desconhecido' };
      if (sub.status !== 'active') return { outcome: 'ignored' };
      const ends_at = sub.cancel_at_period_end ? local.subscriptions.current_period_end : null;
      await tx
        .update(subscriptions)
        .set({ ends_at, updated_at: new Date() })
        .where(eq(subscriptions.id, local.subscriptions.id));
      return { outcome: 'sincronizado' };
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const local = await localSubscription(tx, sub.id);
      if (!local) return { outcome: 'desconhecido' };
      const endedAt = sub.ended_at ? fromSeconds(sub.ended_at) : new Date();
      const end =
        local.subscriptions.current_period_end < endedAt ? local.subscriptions.current_period_end : endedAt;
      await tx
        .update(subscriptions)
        .set({ current_period_end: end, ends_at: end, updated_at: new Date() })
        .where(eq(subscriptions.id, local.subscriptions.id));
      return { outcome: 'encerrado' };
    }
    default:
      return { outcome: 'ignored' };
  }
}

async function invoicePaid(
  tx: Db,
  deps: { ctx: AppContext; log: JobLog },
  invoice: Stripe.Invoice,
): Promise<BillingResult> {
  const details = invoice.parent?.subscription_details;
  const providerId = idOf(details?.subscription);
  const billing = deps.ctx.payments.billing;
  if (!details || !providerId || !billing || !invoice.id) return { outcome: 'ignored' };
  const where = { invoice: invoice.id, subscription: providerId, reason: invoice.billing_reason };

  if (invoice.billing_reason === 'subscription_cycle') {
    const local = await localSubscription(tx, providerId);
    if (!local) {
      deps.log.warn(where, 'stripe renewed a subscription Pulso does not know');
      return { outcome: 'desconhecido' };
    }
    const line = subscriptionLine(invoice);
    const price = line?.pricing?.price_details?.price;
    const plano = (await planoByPrice(tx, idOf(price))) ?? local.planos;
    const sub = local.subscriptions;
    await tx
      .update(subscriptions)
      .set({
        plano_id: plano.id,
        current_period_start: line ? fromSeconds(line.period.start) : sub.current_period_start,
        current_period_end: line ? fromSeconds(line.period.end) : sub.current_period_end,
        // A renewed subscription was not cancelled, even if a failed attempt had ended it here.
        ends_at: null,
        updated_at: new Date(),
      })
      .where(eq(subscriptions.id, sub.id));
    const descricao = `Renovação do plano ${plano.nome}`;
    const [payment] = await tx
      .insert(payments)
      .values({
        user_id: sub.user_id,
        provider: 'stripe',
        tipo: 'renovacao',
        descricao,
        valor: invoice.amount_paid,
        status: 'pago',
        idempotency_key: `stripe:${invoice.id}`,
        provider_payment_id: invoice.id,
        referencia_id: sub.id,
      })
      .onConflictDoNothing({ target: payments.idempotency_key })
      .returning();
    if (!payment) return { outcome: 'ja_registrado' };
    return {
      outcome: 'renovado',
      after: async () => {
        const card = await savedCard({ db: deps.ctx.database.db, payments: deps.ctx.payments }, sub.user_id);
        await sendPlanReceipt(deps, { userId: sub.user_id, payment, card: card?.card ?? null, descricao });
      },
    };
  }

  // The first invoice of a subscription or of a plan change: its request records it, unless it died.
  const key = details.metadata?.payment_key;
  if (!key) return { outcome: 'ignored' };
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.idempotency_key, key))
    .for('update')
    .limit(1);
  if (!payment || payment.user_id === null) {
    deps.log.warn(where, 'stripe invoice paid for a payment Pulso did not record');
    return { outcome: 'desconhecido' };
  }
  if (payment.status === 'pago') return { outcome: 'ja_registrado' };
  if (payment.status === 'recusado') {
    deps.log.error({ ...where, paymentId: payment.id }, 'stripe paid an invoice Pulso recorded as refused');
  }
  const sub = await billing.retrieve(providerId);
  const plano = await planoByPrice(tx, sub.price);
  if (!plano) {
    deps.log.error({ ...where, price: sub.price }, 'stripe subscription price matches no plan');
    return { outcome: 'desconhecido' };
  }
  const referencia = await mirrorSubscription(tx, { userId: payment.user_id, planoId: plano.id, sub });
  await tx
    .update(payments)
    .set({
      status: 'pago',
      falha: null,
      valor: invoice.amount_paid,
      provider_payment_id: invoice.id,
      referencia_id: referencia,
      updated_at: new Date(),
    })
    .where(eq(payments.id, payment.id));
  deps.log.info({ ...where, paymentId: payment.id }, 'plan payment completed by a stripe webhook');
  return { outcome: 'confirmado' };
}

async function invoiceFailed(
  tx: Db,
  deps: { ctx: AppContext; log: JobLog },
  invoice: Stripe.Invoice,
): Promise<BillingResult> {
  const providerId = idOf(invoice.parent?.subscription_details?.subscription);
  const billing = deps.ctx.payments.billing;
  // The first invoice of a subscribe or plan change fails in its request (error_if_incomplete).
  if (invoice.billing_reason !== 'subscription_cycle' || !providerId || !billing || !invoice.id) {
    return { outcome: 'ignored' };
  }
  const local = await localSubscription(tx, providerId);
  if (!local) return { outcome: 'desconhecido' };
  const sub = local.subscriptions;
  const [recorded] = await tx
    .insert(payments)
    .values({
      user_id: sub.user_id,
      provider: 'stripe',
      tipo: 'renovacao',
      descricao: `Renovação do plano ${local.planos.nome}`,
      valor: invoice.amount_due,
      status: 'recusado',
      falha: STRIPE_FALLBACK_MESSAGE,
      idempotency_key: `stripe:${invoice.id}`,
      provider_payment_id: invoice.id,
      referencia_id: sub.id,
    })
    .onConflictDoNothing({ target: payments.idempotency_key })
    .returning({ id: payments.id });
  if (!recorded) return { outcome: 'ja_registrado' };
  await billing.cancelNow(providerId);
  await tx
    .update(subscriptions)
    .set({ ends_at: sub.current_period_end, updated_at: new Date() })
    .where(
      and(
        eq(subscriptions.id, sub.id),
        or(isNull(subscriptions.ends_at), gt(subscriptions.ends_at, sub.current_period_end)),
      ),
    );
  return {
    outcome: 'renovacao_recusada',
    after: () =>
      mailRenewalFailure(deps, {
        userId: sub.user_id,
        subscriptionId: sub.id,
        plano: local.planos.nome,
        reason: STRIPE_FALLBACK_MESSAGE,
      }),
  };
}
