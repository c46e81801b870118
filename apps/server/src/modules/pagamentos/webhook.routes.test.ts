import { ATENDIMENTO_VALOR_PADRAO, SANDBOX_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditos, payments, webhook_events } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../../platform/payments.ts';
import { stripePaymentProvider } from '../../platform/payments-stripe.ts';
import { createPatient } from '../../test/factories.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { deliverStripeEvent, STRIPE_ENV, stripeEvent, WEBHOOK_SECRET } from '../../test/stripe-events.ts';
import { WEBHOOK_BAD_SIGNATURE } from './webhook.routes.ts';

const SECRET = WEBHOOK_SECRET;
const URL = '/api/webhooks/stripe';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(STRIPE_ENV);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.database.db.delete(payments);
  await t.database.db.delete(webhook_events);
});

const intent = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'payment_intent',
  amount: 790,
  currency: 'brl',
  metadata: {},
  last_payment_error: null,
  ...extra,
});

const event = stripeEvent;
const deliver = deliverStripeEvent;

/** A payment as `chargeOnce` records it in stripe mode. */
async function payment(
  values: Partial<typeof payments.$inferInsert> & { idempotency_key: string },
): Promise<number> {
  const { user } = await createPatient(t.app, {
    email: `p${Math.random().toString(36).slice(2)}@example.com`,
  });
  const [row] = await t.database.db
    .insert(payments)
    .values({
      user_id: user.id,
      provider: 'stripe',
      tipo: 'atendimento',
      descricao: 'Teleconsulta',
      valor: 5990,
      ...values,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('no payment');
  return row.id;
}

async function paymentRow(id: number) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

describe(`POST /api/webhooks/stripe (${TEST_ENGINE})`, () => {
  it('refuses a missing, forged or stale signature with 400 and stores nothing', async () => {
    const payload = event('evt_bad', 'payment_intent.succeeded', intent('pi_x'));
    const missing = await t.app.inject({
      method: 'POST',
      url: URL,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: WEBHOOK_BAD_SIGNATURE });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(t, payload, forged)).statusCode).toBe(400);
    // Signed for other bytes: the body was altered on the way.
    const signedOther = Stripe.webhooks.generateTestHeaderString({
      payload: payload.replace('790', '1'),
      secret: SECRET,
    });
    expect((await deliver(t, payload, signedOther)).statusCode).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(t, payload, stale)).statusCode).toBe(400);
    expect(await t.database.db.select().from(webhook_events)).toEqual([]);
  });

  it('verifies the raw bytes: the same JSON re-serialised with other spacing is refused', async () => {
    const payload = event('evt_raw', 'customer.created', { id: 'cus_1', object: 'customer' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const respaced = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await deliver(t, respaced, signature)).statusCode).toBe(400);
    expect((await deliver(t, payload, signature)).statusCode).toBe(200);
  });

  it('marks a pending payment refused once, with the pt-BR message, even when delivered twice', async () => {
    const key = 'u1:atendimento:key-failed';
    const id = await payment({ idempotency_key: key });
    const payload = event(
      'evt_failed_1',
      'payment_intent.payment_failed',
      intent('pi_failed', {
        metadata: { idempotency_key: key },
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
      }),
    );
    const first = await deliver(t, payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await paymentRow(id)).toMatchObject({
      status: 'recusado',
      falha: SANDBOX_MESSAGES.insufficient_funds,
      provider_payment_id: 'pi_failed',
    });
    // Put the row back as it was: were the redelivery processed again, it would be refused again.
    await t.database.db
      .update(payments)
      .set({ status: 'pendente', falha: null, provider_payment_id: null })
      .where(eq(payments.id, id));
    const again = await deliver(t, payload);
    expect(again.statusCode).toBe(200);
    expect(await paymentRow(id)).toMatchObject({
      status: 'pendente',
      falha: null,
      provider_payment_id: null,
    });
    const events = await t.database.db.select().from(webhook_events);
    expect(events.map((e) => [e.id, e.tipo])).toEqual([['evt_failed_1', 'payment_intent.payment_failed']]);
  });

  it('handles two deliveries of one event at once exactly once', async () => {
    const id = await payment({ idempotency_key: 'u1:atendimento:key-race', provider_payment_id: 'pi_race' });
    const payload = event(
      'evt_race',
      'payment_intent.payment_failed',
      intent('pi_race', { last_payment_error: { type: 'card_error', code: 'expired_card' } }),
    );
    const [a, b] = await Promise.all([deliver(t, payload), deliver(t, payload)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await paymentRow(id)).toMatchObject({ status: 'recusado', falha: SANDBOX_MESSAGES.expired_card });
    expect(await t.database.db.select().from(webhook_events)).toHaveLength(1);
  });

  it('leaves paid and refused payments as they are when the failure event comes late', async () => {
    const paid = await payment({
      idempotency_key: 'u1:atendimento:paid',
      provider_payment_id: 'pi_paid',
      status: 'pago',
    });
    const payload = event('evt_late', 'payment_intent.payment_failed', intent('pi_paid'));
    expect((await deliver(t, payload)).statusCode).toBe(200);
    expect(await paymentRow(paid)).toMatchObject({ status: 'pago', falha: null });
  });

  it('on payment_intent.succeeded records the intent of a pending payment it cannot grant, and leaves a paid one', async () => {
    const key = 'u1:renovacao:key-ok';
    const pending = await payment({ idempotency_key: key, tipo: 'renovacao' });
    const ok = await deliver(
      t,
      event('evt_ok_1', 'payment_intent.succeeded', intent('pi_ok', { metadata: { idempotency_key: key } })),
    );
    expect(ok.statusCode).toBe(200);
    // Still pendente: a renewal stores no purchase to grant (see webhook.service.ts); staff are told.
    expect(await paymentRow(pending)).toMatchObject({ status: 'pendente', provider_payment_id: 'pi_ok' });

    const paid = await payment({
      idempotency_key: 'u1:atendimento:paid2',
      provider_payment_id: 'pi_p2',
      status: 'pago',
    });
    const before = await paymentRow(paid);
    expect(
      (await deliver(t, event('evt_ok_2', 'payment_intent.succeeded', intent('pi_p2')))).statusCode,
    ).toBe(200);
    expect(await paymentRow(paid)).toEqual(before);
  });

  it('grants what a pending one-off purchase bought when its request died after Stripe charged, once', async () => {
    const ana = await createPatient(t.app);
    const key = `u${ana.user.id}:atendimento:aba-fechada`;
    const [row] = await t.database.db
      .insert(payments)
      .values({
        user_id: ana.user.id,
        provider: 'stripe',
        tipo: 'atendimento',
        descricao: 'Teleconsulta avulsa',
        valor: ATENDIMENTO_VALOR_PADRAO,
        idempotency_key: key,
        compra: { tipo: 'atendimento' },
      })
      .returning();
    const paid = event(
      'evt_grant',
      'payment_intent.succeeded',
      intent('pi_grant', { metadata: { idempotency_key: key } }),
    );
    expect((await deliver(t, paid)).statusCode).toBe(200);
    const credits = await t.database.db.select().from(creditos).where(eq(creditos.user_id, ana.user.id));
    expect(credits).toHaveLength(1);
    expect(await paymentRow(row?.id ?? 0)).toMatchObject({
      status: 'pago',
      provider_payment_id: 'pi_grant',
      referencia_id: credits[0]?.id,
    });
    // The patient retries the same purchase (same key): answered as paid, nothing charged or granted again.
    const retry = await t.app.inject({
      method: 'PUT',
      url: '/api/telemedicina/purchase/atendimento',
      headers: { ...ana.auth, 'idempotency-key': 'aba-fechada' },
      payload: { payment_method: 'pm_any' },
    });
    expect(retry.statusCode).toBe(200);
    expect(await t.database.db.select().from(creditos).where(eq(creditos.user_id, ana.user.id))).toHaveLength(
      1,
    );

    // A sticker order likewise appears in 'Meus pedidos'.
    const orderKey = `u${ana.user.id}:pedido:aba-fechada`;
    await t.database.db.insert(payments).values({
      user_id: ana.user.id,
      provider: 'stripe',
      tipo: 'pedido',
      descricao: 'Kit de adesivos',
      valor: 1990,
      idempotency_key: orderKey,
      compra: {
        tipo: 'pedido',
        pedido: {
          code: ana.user.code,
          endereco: 'Rua das Flores, 10',
          bairro: 'Centro',
          cidade_id: 3550308,
          cep: '01001000',
          complemento: null,
          valor: 1990,
        },
      },
    });
    const order = event(
      'evt_order',
      'payment_intent.succeeded',
      intent('pi_order', { metadata: { idempotency_key: orderKey } }),
    );
    expect((await deliver(t, order)).statusCode).toBe(200);
    const orders = await t.app.inject({ url: '/api/qrcode/orders', headers: ana.auth });
    expect((orders.json() as { orders: { status: string }[] }).orders.map((o) => o.status)).toEqual(['A']);
  });

  it('answers 200 to an unknown event type or a PaymentIntent Pulso did not make, and changes nothing', async () => {
    const id = await payment({ idempotency_key: 'u1:atendimento:other' });
    const before = await paymentRow(id);
    const unknown = await deliver(
      t,
      event('evt_unknown', 'customer.subscription.created', { id: 'sub_1', object: 'subscription' }),
    );
    expect(unknown.statusCode).toBe(200);
    const foreign = await deliver(
      t,
      event('evt_foreign', 'payment_intent.payment_failed', intent('pi_dashboard')),
    );
    expect(foreign.statusCode).toBe(200);
    expect(await paymentRow(id)).toEqual(before);
    expect((await t.database.db.select().from(webhook_events)).map((e) => e.id).sort()).toEqual([
      'evt_foreign',
      'evt_unknown',
    ]);
  });

  it('does not match a sandbox payment with the same key', async () => {
    const key = 'u1:atendimento:sandbox';
    const id = await payment({ idempotency_key: key, provider: 'sandbox' });
    const payload = event(
      'evt_sb',
      'payment_intent.payment_failed',
      intent('pi_sb', { metadata: { idempotency_key: key } }),
    );
    expect((await deliver(t, payload)).statusCode).toBe(200);
    expect((await paymentRow(id))?.status).toBe('pendente');
  });
});

describe(`stripe mode on the wire (${TEST_ENGINE})`, () => {
  it('tells the card form to load Stripe Elements with the publishable key; sandbox cards do not exist', async () => {
    const { auth } = await createPatient(t.app);
    const config = await t.app.inject({ method: 'GET', url: '/api/pagamentos/config', headers: auth });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ provider: 'stripe', publishable_key: 'pk_test_pulso' });
    const sandboxCard = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment-methods',
      headers: auth,
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
    });
    expect(sandboxCard.statusCode).toBe(404);
  });

  it("lets the page load Stripe.js, frame its fields and call Stripe's API, and nothing else", async () => {
    const csp = String((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
  });
});

describe(`a purchase in stripe mode, then its webhook (${TEST_ENGINE})`, () => {
  let fake: FakeStripe;
  let original: PaymentProvider;
  beforeAll(async () => {
    fake = await startFakeStripe();
    original = t.app.ctx.payments;
    t.app.ctx.payments = stripePaymentProvider({
      secretKey: 'sk_test_pulso',
      publishableKey: 'pk_test_pulso',
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    t.app.ctx.payments = original;
    await fake.close();
  });

  const method = {
    id: 'pm_e2e',
    object: 'payment_method',
    type: 'card',
    customer: 'cus_e2e',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
  };

  it('charges the server’s price off-session, records it paid once, and a later webhook changes nothing', async () => {
    const { auth, user } = await createPatient(t.app);
    fake.reset();
    fake.answer(
      { body: { id: 'cus_e2e', object: 'customer' } },
      { body: method },
      { body: { id: 'pi_e2e', object: 'payment_intent', status: 'succeeded' } },
    );
    const buy = (key: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/telemedicina/purchase/atendimento',
        headers: { ...auth, 'idempotency-key': key },
        payload: { payment_method: 'pm_e2e' },
      });
    const res = await buy('compra-stripe-1');
    expect(res.statusCode).toBe(200);
    expect(fake.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'GET /v1/payment_methods/pm_e2e',
      'POST /v1/payment_intents',
    ]);
    const intentRequest = fake.seen[2];
    expect(intentRequest?.form.get('amount')).toBe(String(ATENDIMENTO_VALOR_PADRAO));
    expect(intentRequest?.form.get('currency')).toBe('brl');
    const key = `u${user.id}:atendimento:compra-stripe-1`;
    expect(intentRequest?.headers['idempotency-key']).toBe(key);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.idempotency_key, key));
    expect(row).toMatchObject({ status: 'pago', provider: 'stripe', provider_payment_id: 'pi_e2e' });

    const late = event(
      'evt_e2e',
      'payment_intent.succeeded',
      intent('pi_e2e', { metadata: { idempotency_key: key } }),
    );
    expect((await deliver(t, late)).statusCode).toBe(200);
    expect(await paymentRow(row?.id ?? 0)).toEqual(row);

    // A refusal: Stripe's card error becomes 402 with the pt-BR message, recorded once.
    fake.reset();
    fake.answer(
      { body: method },
      {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } },
      },
    );
    const refused = await buy('compra-stripe-2');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ message: SANDBOX_MESSAGES.insufficient_funds });
    const [failed] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.idempotency_key, `u${user.id}:atendimento:compra-stripe-2`));
    expect(failed).toMatchObject({ status: 'recusado', falha: SANDBOX_MESSAGES.insufficient_funds });
  });
});

describe(`POST /api/webhooks/stripe in sandbox mode (${TEST_ENGINE})`, () => {
  let sandbox: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('is not there: 404 even with a valid signature', async () => {
    const payload = event('evt_sandbox', 'payment_intent.succeeded', intent('pi_x'));
    const res = await deliver(sandbox, payload);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rota não encontrada' });
    expect(await sandbox.database.db.select().from(webhook_events)).toEqual([]);
  });
});
