import type Stripe from 'stripe';
import type { PlanChangeQuote, ProviderSubscription, SubscriptionBilling } from './payments.ts';
import { call } from './payments-stripe-call.ts';

/**
 * Plans as Stripe Billing subscriptions (issue 8 "Renewal at period end: …
 * in stripe mode webhooks drive it"). Stripe keeps the schedule, charges
 * each period on the subscription's card and reports by webhook
 * (`modules/planos/billing-events.ts`); Pulso mirrors the subscription.
 * The plan's `stripe_plan` is the Stripe Price id. Credit from a plan change
 * stays in the Stripe customer's balance and pays the next invoices; an
 * invoice under Stripe's minimum charge (R$ 0,50) is carried to the next one
 * by Stripe itself. A first payment that needs the bank's confirmation
 * (3-D Secure) is refused (`payment_behavior: error_if_incomplete`).
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const fromSeconds = (value: number) => new Date(value * 1000);
const idOf = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The {@link ProviderSubscription} of a Stripe subscription (its first item's price and period). */
export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
  const invoice = sub.latest_invoice;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    price: item.price?.id ?? null,
    current_period_start: fromSeconds(item.current_period_start),
    current_period_end: fromSeconds(item.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end,
    latestInvoice:
      invoice && typeof invoice === 'object'
        ? { id: invoice.id ?? '', amount_paid: invoice.amount_paid, status: invoice.status }
        : null,
    metadata: { ...sub.metadata },
  };
}

/**
 * The {@link PlanChangeQuote} of an invoice preview: the negative lines are
 * the unused time credited; the starting balance (negative = credit) pays
 * before the card; what stays negative is credit for later.
 */
export function quoteOf(preview: Stripe.Invoice): PlanChangeQuote {
  const credito = preview.lines.data.reduce((sum, line) => sum + (line.amount < 0 ? -line.amount : 0), 0);
  const credit = Math.max(0, -preview.starting_balance);
  const total = preview.total;
  return {
    credito,
    saldo_usado: Math.min(credit, Math.max(total, 0)),
    cobranca: preview.amount_due,
    saldo: Math.max(0, credit - total),
  };
}

/**
 * The {@link SubscriptionBilling} of a Stripe client:
 * - `create` → `POST /v1/subscriptions {customer, items[0][price], default_payment_method,
 *   payment_behavior: error_if_incomplete, payment_settings[payment_method_types][]: card,
 *   metadata, expand[]: latest_invoice}` under the idempotency key;
 * - `retrieve` → `GET /v1/subscriptions/{id}`;
 * - `setCancelAtPeriodEnd` → `POST /v1/subscriptions/{id} {cancel_at_period_end}`;
 * - `quoteChange` → `POST /v1/invoices/create_preview` with the change `changePrice` makes;
 * - `changePrice` → `POST /v1/subscriptions/{id} {items[0][id, price], proration_behavior:
 *   always_invoice, billing_cycle_anchor: now, proration_date, payment_behavior: error_if_incomplete,
 *   cancel_at_period_end: false}` under the idempotency key;
 * - `setPaymentMethod` → `POST /v1/subscriptions/{id} {default_payment_method}`;
 * - `cancelNow` → `DELETE /v1/subscriptions/{id}`.
 */
export function stripeBilling(stripe: Stripe): SubscriptionBilling {
  const retrieve = (id: string) =>
    call(() => stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] }));
  const change = (sub: Stripe.Subscription, price: string, at: Date) => {
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
    return {
      items: [{ id: item.id, price }],
      proration_behavior: 'always_invoice' as const,
      billing_cycle_anchor: { type: 'now' as const },
      proration_date: seconds(at),
    };
  };
  return {
    async create({ customerId, price, paymentMethodId, idempotencyKey, metadata }) {
      const sub = await call(() =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price }],
            default_payment_method: paymentMethodId,
            payment_behavior: 'error_if_incomplete',
            payment_settings: { payment_method_types: ['card'] },
            metadata,
            expand: ['latest_invoice'],
          },
          { idempotencyKey },
        ),
      );
      return toProviderSubscription(sub);
    },
    async retrieve(id) {
      return toProviderSubscription(await retrieve(id));
    },
    async setCancelAtPeriodEnd(id, cancel) {
      const sub = await call(() =>
        stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: ['latest_invoice'] }),
      );
      return toProviderSubscription(sub);
    },
    async quoteChange(id, price, at) {
      const sub = await retrieve(id);
      const preview = await call(() =>
        stripe.invoices.createPreview({
          customer: idOf(sub.customer) ?? undefined,
          subscription: id,
          subscription_details: change(sub, price, at),
        }),
      );
      return quoteOf(preview);
    },
    async changePrice({ id, price, at, idempotencyKey, metadata }) {
      const current = await retrieve(id);
      const sub = await call(() =>
        stripe.subscriptions.update(
          id,
          {
            ...change(current, price, at),
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            metadata,
            expand: ['latest_invoice'],
          },
          { idempotencyKey },
        ),
      );
      return toProviderSubscription(sub);
    },
    async setPaymentMethod(id, paymentMethodId) {
      await call(() => stripe.subscriptions.update(id, { default_payment_method: paymentMethodId }));
    },
    async cancelNow(id) {
      await call(() => stripe.subscriptions.cancel(id, { invoice_now: false, prorate: false }));
    },
  };
}
