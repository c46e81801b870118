import { SANDBOX_MESSAGES } from '@pulso/domain';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type FakeStripe, type FakeStripeAnswer, startFakeStripe } from '../test/fake-stripe.ts';
import { createPaymentProvider } from './payment-provider.ts';
import { PaymentError, type PaymentProvider } from './payments.ts';
import { SANDBOX_UNKNOWN_METHOD } from './payments-sandbox.ts';
import { stripePaymentProvider } from './payments-stripe.ts';
import { STRIPE_FALLBACK_MESSAGE, VALOR_MINIMO_MESSAGE } from './payments-stripe-errors.ts';

/**
 * The `stripe` adapter against a local HTTP server standing in for the
 * Stripe API (issue 8 "Proof"): the SDK is pointed at it with its host, port
 * and protocol settings; each test queues the answers and reads back the
 * requests the adapter made.
 */

const SECRET = 'sk_test_pulso_fake';
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

const provider = (maxNetworkRetries = 0): PaymentProvider =>
  stripePaymentProvider({
    secretKey: SECRET,
    publishableKey: 'pk_test_pulso_fake',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries,
  });

const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const paymentMethod = (customer: string | null) => ({
  id: 'pm_123',
  object: 'payment_method',
  type: 'card',
  customer,
  card: { ...card, funding: 'credit' },
});
const cardError = (code: string, decline_code?: string) => ({
  status: 402,
  body: {
    error: {
      type: 'card_error',
      code,
      ...(decline_code ? { decline_code } : {}),
      message: 'Your card was declined.',
      payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' },
    },
  },
});
const chargeInput = {
  customerId: 'cus_123',
  paymentMethodId: 'pm_123',
  amount: 790,
  description: 'Plano Meu Prontuário',
  idempotencyKey: 'u7:assinatura:key-123',
};

async function refusal(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

describe('stripe payment provider (against a stand-in Stripe API)', () => {
  it('creates the customer with the user id in metadata, authenticated by the secret key', async () => {
    fake.answer({ body: { id: 'cus_123', object: 'customer' } });
    const id = await provider().createCustomer({ userId: 7, email: 'ana@example.com', name: 'Ana Souza' });
    expect(id).toBe('cus_123');
    expect(fake.seen).toHaveLength(1);
    const [request] = fake.seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/customers');
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      email: 'ana@example.com',
      name: 'Ana Souza',
      'metadata[user_id]': '7',
    });
  });

  it('makes an off-session card SetupIntent and answers its client_secret', async () => {
    fake.answer({
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        client_secret: 'seti_1_secret_abc',
        status: 'requires_payment_method',
      },
    });
    expect(await provider().createSetupIntent('cus_123')).toEqual({ client_secret: 'seti_1_secret_abc' });
    expect(fake.seen[0]?.path).toBe('/v1/setup_intents');
    expect(Object.fromEntries(fake.seen[0]?.form ?? [])).toEqual({
      customer: 'cus_123',
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
  });

  it('attaches a new payment method, keeps one the SetupIntent attached, refuses another customer’s', async () => {
    const p = provider();
    fake.answer({ body: paymentMethod(null) }, { body: paymentMethod('cus_123') });
    expect(await p.attachPaymentMethod('cus_123', 'pm_123')).toEqual(card);
    expect(fake.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_methods/pm_123',
      'POST /v1/payment_methods/pm_123/attach',
    ]);
    expect(Object.fromEntries(fake.seen[1]?.form ?? [])).toEqual({ customer: 'cus_123' });

    fake.reset();
    fake.answer({ body: paymentMethod('cus_123') });
    expect(await p.attachPaymentMethod('cus_123', 'pm_123')).toEqual(card);
    expect(fake.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payment_methods/pm_123']);

    fake.reset();
    fake.answer({ body: paymentMethod('cus_other') });
    const stolen = await refusal(p.attachPaymentMethod('cus_123', 'pm_123'));
    expect(stolen).toMatchObject({ code: 'resource_missing', message: SANDBOX_UNKNOWN_METHOD });
    expect(fake.seen).toHaveLength(1);

    fake.answer({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method' } },
    });
    expect((await refusal(p.attachPaymentMethod('cus_123', 'pm_nope'))).code).toBe('resource_missing');

    // A card the issuer refuses already when it is attached.
    fake.answer({ body: paymentMethod(null) }, cardError('card_declined', 'generic_decline'));
    const declined = await refusal(p.attachPaymentMethod('cus_123', 'pm_123'));
    expect(declined).toMatchObject({ code: 'generic_decline', message: STRIPE_FALLBACK_MESSAGE });
  });

  it('charges centavos in BRL off-session under the idempotency key and answers the PaymentIntent id', async () => {
    fake.answer({ body: { id: 'pi_123', object: 'payment_intent', status: 'succeeded', amount: 790 } });
    expect(await provider().charge(chargeInput)).toEqual({ id: 'pi_123' });
    const [request] = fake.seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.headers['idempotency-key']).toBe('u7:assinatura:key-123');
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      amount: '790',
      currency: 'brl',
      'allowed_payment_method_types[0]': 'card',
      customer: 'cus_123',
      payment_method: 'pm_123',
      confirm: 'true',
      off_session: 'true',
      description: 'Plano Meu Prontuário',
      'metadata[idempotency_key]': 'u7:assinatura:key-123',
    });
  });

  it('maps card refusals to PaymentError with the pt-BR message of the decline code', async () => {
    const p = provider();
    const cases: [FakeStripeAnswer, string, string][] = [
      [cardError('card_declined'), 'card_declined', SANDBOX_MESSAGES.card_declined],
      [
        cardError('card_declined', 'insufficient_funds'),
        'insufficient_funds',
        SANDBOX_MESSAGES.insufficient_funds,
      ],
      [cardError('expired_card'), 'expired_card', SANDBOX_MESSAGES.expired_card],
      [cardError('incorrect_cvc'), 'incorrect_cvc', SANDBOX_MESSAGES.incorrect_cvc],
      [cardError('card_declined', 'do_not_honor'), 'do_not_honor', STRIPE_FALLBACK_MESSAGE],
    ];
    for (const [answer, code, message] of cases) {
      fake.answer(answer);
      expect(await refusal(p.charge(chargeInput)), code).toMatchObject({ code, message });
    }
    expect(STRIPE_FALLBACK_MESSAGE).toBe('Seu cartão foi recusado.');
  });

  it('refuses a PaymentIntent that asks for the customer’s authentication', async () => {
    fake.answer({
      body: { id: 'pi_3ds', object: 'payment_intent', status: 'requires_action', last_payment_error: null },
    });
    const error = await refusal(provider().charge(chargeInput));
    expect(error.code).toBe('authentication_required');
    expect(error.message).toMatch(/banco/);
  });

  it('refuses a charge under Stripe’s minimum (amount_too_small) in pt-BR instead of leaving it pending', async () => {
    fake.answer({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount' } },
    });
    const small = await refusal(provider().charge({ ...chargeInput, amount: 30 }));
    expect(small).toMatchObject({ code: 'amount_too_small', message: VALOR_MINIMO_MESSAGE });
  });

  it('rethrows a Stripe 500 and a connection failure: neither is a refusal', async () => {
    fake.answer({
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong' } },
      headers: { 'stripe-should-retry': 'false' },
    });
    const error = await provider()
      .charge(chargeInput)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).not.toBeInstanceOf(PaymentError);

    const closed = stripePaymentProvider({
      secretKey: SECRET,
      publishableKey: 'pk_test_x',
      host: '127.0.0.1',
      port: 1,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const down = await closed.charge(chargeInput).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('retries a 500 with the same idempotency key, so Stripe charges once', async () => {
    fake.answer(
      { status: 500, body: { error: { type: 'api_error' } } },
      { body: { id: 'pi_retry', object: 'payment_intent', status: 'succeeded' } },
    );
    expect(await provider(1).charge(chargeInput)).toEqual({ id: 'pi_retry' });
    expect(fake.seen).toHaveLength(2);
    expect(fake.seen.map((r) => r.headers['idempotency-key'])).toEqual([
      'u7:assinatura:key-123',
      'u7:assinatura:key-123',
    ]);
  });

  it('is chosen by PAYMENT_PROVIDER, with the publishable key for the browser', async () => {
    const db = {} as Db;
    expect((await createPaymentProvider(loadConfig({}), db)).mode).toBe('sandbox');
    const stripe = await createPaymentProvider(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
      db,
    );
    expect(stripe.mode).toBe('stripe');
    expect(stripe.publishableKey).toBe('pk_test_1');
  });
});
