import { SANDBOX_MESSAGES } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe.ts';
import { stripeSubscription } from '../test/stripe-events.ts';
import { PaymentError, type SubscriptionBilling } from './payments.ts';
import { stripePaymentProvider } from './payments-stripe.ts';

/**
 * Stripe Billing for plans (issue 8 "Renewal at period end: … in stripe
 * mode webhooks drive it") against the stand-in Stripe API: the requests
 * the adapter makes and how it reads Stripe's answers.
 */

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

function billing(): SubscriptionBilling {
  const provider = stripePaymentProvider({
    secretKey: 'sk_test_pulso_fake',
    publishableKey: 'pk_test_pulso_fake',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  if (!provider.billing) throw new Error('stripe provider without billing');
  return provider.billing;
}

const start = new Date('2026-11-24T10:00:00Z');
const end = new Date('2026-12-24T10:00:00Z');
const sub = (extra: Partial<Parameters<typeof stripeSubscription>[0]> = {}) => ({
  body: stripeSubscription({
    id: 'sub_1',
    customer: 'cus_1',
    price: 'price_mensal',
    start,
    end,
    invoice: { id: 'in_1', amount_paid: 790 },
    ...extra,
  }),
});
const form = (i: number) => Object.fromEntries(fake.seen[i]?.form ?? []);

describe('stripe billing (against a stand-in Stripe API)', () => {
  it('creates a subscription paid at once under the key, read back with its period and invoice', async () => {
    fake.answer(sub({ metadata: { user_id: '7' } }));
    const created = await billing().create({
      customerId: 'cus_1',
      price: 'price_mensal',
      paymentMethodId: 'pm_1',
      idempotencyKey: 'u7:assinatura:k1',
      metadata: { user_id: '7', payment_key: 'u7:assinatura:k1' },
    });
    expect(created).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      price: 'price_mensal',
      current_period_start: start,
      current_period_end: end,
      cancel_at_period_end: false,
      latestInvoice: { id: 'in_1', amount_paid: 790, status: 'paid' },
      metadata: { user_id: '7' },
    });
    expect(fake.seen[0]?.path).toBe('/v1/subscriptions');
    expect(fake.seen[0]?.headers['idempotency-key']).toBe('u7:assinatura:k1');
    expect(form(0)).toEqual({
      customer: 'cus_1',
      'items[0][price]': 'price_mensal',
      default_payment_method: 'pm_1',
      payment_behavior: 'error_if_incomplete',
      'payment_settings[payment_method_types][0]': 'card',
      'metadata[user_id]': '7',
      'metadata[payment_key]': 'u7:assinatura:k1',
      'expand[0]': 'latest_invoice',
    });
  });

  it('turns a declined first payment and one that needs the bank’s confirmation into pt-BR refusals', async () => {
    const input = {
      customerId: 'cus_1',
      price: 'price_mensal',
      paymentMethodId: 'pm_1',
      idempotencyKey: 'k',
      metadata: {},
    };
    fake.answer({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } },
    });
    const declined = await billing()
      .create(input)
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(PaymentError);
    expect((declined as PaymentError).message).toBe(SANDBOX_MESSAGES.insufficient_funds);

    fake.answer({
      status: 400,
      body: {
        error: { type: 'invalid_request_error', code: 'subscription_payment_intent_requires_action' },
      },
    });
    const action = await billing()
      .create(input)
      .catch((e: unknown) => e);
    expect(action).toBeInstanceOf(PaymentError);
    expect((action as PaymentError).code).toBe('authentication_required');
  });

  it('cancels at the period end and undoes it; cancels now; changes the card', async () => {
    fake.answer(sub({ cancel: true }), sub(), { body: { id: 'sub_1', object: 'subscription' } }, sub());
    const b = billing();
    expect((await b.setCancelAtPeriodEnd('sub_1', true)).cancel_at_period_end).toBe(true);
    expect((await b.setCancelAtPeriodEnd('sub_1', false)).cancel_at_period_end).toBe(false);
    await b.cancelNow('sub_1');
    await b.setPaymentMethod('sub_1', 'pm_2');
    expect(fake.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/subscriptions/sub_1',
      'POST /v1/subscriptions/sub_1',
      'DELETE /v1/subscriptions/sub_1',
      'POST /v1/subscriptions/sub_1',
    ]);
    expect(form(0)).toEqual({ cancel_at_period_end: 'true', 'expand[0]': 'latest_invoice' });
    expect(form(1)).toEqual({ cancel_at_period_end: 'false', 'expand[0]': 'latest_invoice' });
    expect(form(2)).toEqual({ invoice_now: 'false', prorate: 'false' });
    expect(form(3)).toEqual({ default_payment_method: 'pm_2' });
  });

  it('quotes a plan change from Stripe’s invoice preview: credit, balance used, charge, credit left', async () => {
    const at = new Date('2026-12-09T10:00:00Z');
    fake.answer(sub(), {
      body: {
        object: 'invoice',
        starting_balance: -100,
        total: 7505,
        amount_due: 7405,
        lines: { object: 'list', data: [{ amount: -395 }, { amount: 7900 }] },
      },
    });
    expect(await billing().quoteChange('sub_1', 'price_anual', at)).toEqual({
      credito: 395,
      saldo_usado: 100,
      cobranca: 7405,
      saldo: 0,
    });
    expect(fake.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/invoices/create_preview',
    ]);
    expect(form(1)).toEqual({
      customer: 'cus_1',
      subscription: 'sub_1',
      'subscription_details[items][0][id]': 'si_sub_1',
      'subscription_details[items][0][price]': 'price_anual',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[billing_cycle_anchor][type]': 'now',
      'subscription_details[proration_date]': String(at.getTime() / 1000),
    });

    // An annual plan changed for a monthly one: the credit exceeds the new price and stays as balance.
    fake.answer(sub(), {
      body: {
        object: 'invoice',
        starting_balance: 0,
        total: -6000,
        amount_due: 0,
        lines: { object: 'list', data: [{ amount: -6790 }, { amount: 790 }] },
      },
    });
    expect(await billing().quoteChange('sub_1', 'price_mensal', at)).toEqual({
      credito: 6790,
      saldo_usado: 0,
      cobranca: 0,
      saldo: 6000,
    });
  });

  it('changes the price with a new period from now, invoiced and paid at once under the key', async () => {
    const at = new Date('2026-12-09T10:00:00Z');
    const next = new Date('2027-12-09T10:00:00Z');
    fake.answer(
      sub(),
      sub({ price: 'price_anual', start: at, end: next, invoice: { id: 'in_2', amount_paid: 7505 } }),
    );
    const changed = await billing().changePrice({
      id: 'sub_1',
      price: 'price_anual',
      at,
      idempotencyKey: 'u7:troca_plano:k2',
      metadata: { payment_key: 'u7:troca_plano:k2' },
    });
    expect(changed).toMatchObject({
      price: 'price_anual',
      current_period_start: at,
      current_period_end: next,
      latestInvoice: { id: 'in_2', amount_paid: 7505 },
    });
    expect(fake.seen[1]?.headers['idempotency-key']).toBe('u7:troca_plano:k2');
    expect(form(1)).toEqual({
      'items[0][id]': 'si_sub_1',
      'items[0][price]': 'price_anual',
      proration_behavior: 'always_invoice',
      'billing_cycle_anchor[type]': 'now',
      proration_date: String(at.getTime() / 1000),
      payment_behavior: 'error_if_incomplete',
      cancel_at_period_end: 'false',
      'metadata[payment_key]': 'u7:troca_plano:k2',
      'expand[0]': 'latest_invoice',
    });
  });
});
