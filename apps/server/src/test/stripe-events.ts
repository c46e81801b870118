import Stripe from 'stripe';
import type { TestApp } from './harness.ts';

/**
 * Stripe-mode test support (issue 8 "Proof"): the environment of a test app
 * in stripe mode, Stripe events as Stripe sends them, signed with the SDK's
 * own test-header helper, and the Stripe Billing objects the stand-in API
 * (`fake-stripe.ts`) answers.
 */

/** The webhook signing secret of {@link STRIPE_ENV}. */
export const WEBHOOK_SECRET = 'whsec_pulso_test_secret';

/** `createTestApp` environment of stripe mode. */
export const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_pulso',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_pulso',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

/** A Stripe event's JSON: `data.object` is the PaymentIntent, invoice or subscription. */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** Delivers `payload` to `POST /api/webhooks/stripe`, signed with the SDK's test header (or `signature`). */
export function deliverStripeEvent(app: TestApp, payload: string, signature?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature':
        signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** A Stripe Billing subscription object with one item of `price` over `[start, end)`. */
export function stripeSubscription(input: {
  id: string;
  customer: string;
  price: string;
  start: Date;
  end: Date;
  cancel?: boolean;
  status?: string;
  invoice?: { id: string; amount_paid: number; status?: string };
  metadata?: Record<string, string>;
}) {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status ?? 'active',
    cancel_at_period_end: input.cancel ?? false,
    ended_at: null,
    metadata: input.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${input.id}`,
          object: 'subscription_item',
          price: { id: input.price, object: 'price' },
          current_period_start: unix(input.start),
          current_period_end: unix(input.end),
        },
      ],
    },
    latest_invoice: input.invoice
      ? {
          id: input.invoice.id,
          object: 'invoice',
          amount_paid: input.invoice.amount_paid,
          status: input.invoice.status ?? 'paid',
        }
      : null,
  };
}

/** A Stripe invoice of subscription `subscription` for `reason`, one line of `price` over `[start, end)`. */
export function stripeInvoice(input: {
  id: string;
  subscription: string;
  reason: 'subscription_cycle' | 'subscription_create' | 'subscription_update';
  amount: number;
  price: string;
  start: Date;
  end: Date;
  metadata?: Record<string, string>;
}) {
  return {
    id: input.id,
    object: 'invoice',
    billing_reason: input.reason,
    amount_paid: input.amount,
    amount_due: input.amount,
    status: 'paid',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: input.subscription, metadata: input.metadata ?? {} },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${input.id}`,
          object: 'line_item',
          amount: input.amount,
          period: { start: unix(input.start), end: unix(input.end) },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { proration: false, subscription: input.subscription },
          },
          pricing: { type: 'price_details', price_details: { price: input.price, product: 'prod_pulso' } },
        },
      ],
    },
  };
}
