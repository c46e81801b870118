import { SANDBOX_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, planos, subscriptions, webhook_events } from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import type { PaymentProvider } from '../../platform/payments.ts';
import { stripePaymentProvider } from '../../platform/payments-stripe.ts';
import { PLANOS_PADRAO, seedPagamentos } from '../../seed/pagamentos.ts';
import { captureLog } from '../../test/cluster.ts';
import { createPatient } from '../../test/factories.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import {
  deliverStripeEvent,
  STRIPE_ENV,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../test/stripe-events.ts';
import { renewDueSubscriptions } from './renewal.ts';

/**
 * Plans in stripe mode (issue 8 "Renewal at period end: … in stripe mode
 * webhooks drive it"): each plan route through the real HTTP stack against
 * the stand-in Stripe API, then Stripe Billing's webhooks moving Pulso's
 * copy of the subscription: renewal, failed renewal, cancellation elsewhere,
 * and a subscribe whose request died after Stripe charged.
 */

let t: TestApp;
let fake: FakeStripe;
let original: PaymentProvider;
beforeAll(async () => {
  t = await createTestApp(STRIPE_ENV);
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
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.database.db.delete(payments);
  await t.database.db.delete(webhook_events);
  await seedPagamentos(t.database.db);
  fake.reset();
});

const MENSAL = PLANOS_PADRAO[0].stripe_plan;
const ANUAL = PLANOS_PADRAO[1].stripe_plan;
const DAY = 86_400_000;
const start = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY);
const end = new Date(start.getTime() + 30 * DAY);

const method = {
  id: 'pm_1',
  object: 'payment_method',
  type: 'card',
  customer: 'cus_1',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
};
const sub = (extra: Partial<Parameters<typeof stripeSubscription>[0]> = {}) => ({
  body: stripeSubscription({
    id: 'sub_1',
    customer: 'cus_1',
    price: MENSAL,
    start,
    end,
    invoice: { id: 'in_1', amount_paid: 790 },
    ...extra,
  }),
});
const calls = () => fake.seen.map((r) => `${r.method} ${r.path}`);
const localSubscription = async (userId: number) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, userId)))[0];
const paymentsOf = async (userId: number) =>
  (await t.database.db.select().from(payments).where(eq(payments.user_id, userId))).map((p) => ({
    tipo: p.tipo,
    valor: p.valor,
    status: p.status,
    provider_payment_id: p.provider_payment_id,
  }));
const planoId = async (stripePlan: string) =>
  (await t.database.db.select().from(planos).where(eq(planos.stripe_plan, stripePlan)))[0]?.id ?? 0;

/** A patient subscribed to the monthly plan in stripe mode through `PUT /api/planos/subscribe`. */
async function subscribed() {
  const ana = await createPatient(t.app);
  fake.answer({ body: { id: 'cus_1', object: 'customer' } }, { body: method }, sub());
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/planos/subscribe',
    headers: { ...ana.auth, 'idempotency-key': 'assinar-1' },
    payload: { stripe_plan: MENSAL, payment_method: 'pm_1' },
  });
  expect(res.statusCode).toBe(200);
  return { ...ana, answer: res.json() as { subscription: { current_period_end: string; ends_at: null } } };
}

describe(`plans in stripe mode: Stripe Billing subscriptions (${TEST_ENGINE})`, () => {
  it('subscribes through a Stripe subscription, mirrors its period and records what its invoice charged', async () => {
    const ana = await subscribed();
    expect(calls()).toEqual(['POST /v1/customers', 'GET /v1/payment_methods/pm_1', 'POST /v1/subscriptions']);
    const create = fake.seen[2];
    expect(create?.form.get('items[0][price]')).toBe(MENSAL);
    expect(create?.form.get('default_payment_method')).toBe('pm_1');
    expect(create?.headers['idempotency-key']).toBe(`u${ana.user.id}:assinatura:assinar-1`);
    expect(ana.answer.subscription.current_period_end).toBe(end.toISOString());
    expect(await localSubscription(ana.user.id)).toMatchObject({
      provider_subscription_id: 'sub_1',
      plano_id: await planoId(MENSAL),
      current_period_start: start,
      current_period_end: end,
      ends_at: null,
    });
    expect(await paymentsOf(ana.user.id)).toEqual([
      { tipo: 'assinatura', valor: 790, status: 'pago', provider_payment_id: 'in_1' },
    ]);
    const receipt = (await readOutbox(t.config)).find(
      (m) => m.to === ana.user.email && /Recibo/i.test(m.subject),
    );
    expect(receipt?.text).toContain('7,90');
    // The renewal job leaves Stripe's subscriptions to Stripe, even once due.
    await t.database.db
      .update(subscriptions)
      .set({ current_period_end: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.user_id, ana.user.id));
    fake.reset();
    expect(await renewDueSubscriptions(t.app.ctx, captureLog())).toEqual({ renewed: 0, ended: 0 });
    expect(fake.seen).toEqual([]);
  });

  it('answers a refused first payment with the pt-BR message and keeps no subscription', async () => {
    const bia = await createPatient(t.app);
    fake.answer(
      { body: { id: 'cus_2', object: 'customer' } },
      { body: { ...method, customer: 'cus_2' } },
      { status: 402, body: { error: { type: 'card_error', code: 'card_declined' } } },
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/planos/subscribe',
      headers: bia.auth,
      payload: { stripe_plan: MENSAL, payment_method: 'pm_1' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: SANDBOX_MESSAGES.card_declined });
    expect(await localSubscription(bia.user.id)).toBeUndefined();
    expect((await paymentsOf(bia.user.id)).map((p) => p.status)).toEqual(['recusado']);
  });

  it('cancels and renews at Stripe, quotes and makes a plan change with Stripe’s proration, changes the card', async () => {
    const ana = await subscribed();
    const put = (url: string, payload?: object, key?: string) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { ...ana.auth, ...(key ? { 'idempotency-key': key } : {}) },
        ...(payload ? { payload } : {}),
      });

    fake.reset();
    fake.answer(sub({ cancel: true }));
    const cancelled = await put('/api/planos/cancelar');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription.ends_at).toBe(end.toISOString());
    expect(fake.seen[0]?.form.get('cancel_at_period_end')).toBe('true');

    fake.answer(sub());
    const renewed = await put('/api/planos/renovar');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().subscription.ends_at).toBeNull();
    expect(fake.seen[1]?.form.get('cancel_at_period_end')).toBe('false');

    const anual = await planoId(ANUAL);
    fake.reset();
    fake.answer(sub(), {
      body: {
        object: 'invoice',
        starting_balance: 0,
        total: 7138,
        amount_due: 7138,
        lines: { object: 'list', data: [{ amount: -762 }, { amount: 7900 }] },
      },
    });
    const quote = await t.app.inject({ url: `/api/planos/alterar/${anual}`, headers: ana.auth });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().prorrateio).toEqual({ credito: 762, saldo_usado: 0, cobranca: 7138, saldo: 0 });
    expect(calls()).toEqual(['GET /v1/subscriptions/sub_1', 'POST /v1/invoices/create_preview']);

    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const yearOn = new Date(now.getTime() + 365 * DAY);
    fake.reset();
    fake.answer(
      sub(),
      sub({ price: ANUAL, start: now, end: yearOn, invoice: { id: 'in_2', amount_paid: 7138 } }),
    );
    const changed = await put(`/api/planos/alterar/${anual}`, undefined, 'trocar-1');
    expect(changed.statusCode).toBe(200);
    expect(calls()).toEqual(['GET /v1/subscriptions/sub_1', 'POST /v1/subscriptions/sub_1']);
    expect(fake.seen[1]?.form.get('items[0][price]')).toBe(ANUAL);
    expect(await localSubscription(ana.user.id)).toMatchObject({
      plano_id: anual,
      current_period_start: now,
      current_period_end: yearOn,
    });
    expect((await paymentsOf(ana.user.id)).at(-1)).toEqual({
      tipo: 'troca_plano',
      valor: 7138,
      status: 'pago',
      provider_payment_id: 'in_2',
    });

    fake.reset();
    fake.answer({ body: { ...method, id: 'pm_2' } }, sub());
    const card = await put('/api/planos/pagamento', { payment_method: 'pm_2' });
    expect(card.statusCode).toBe(200);
    expect(calls()).toEqual(['GET /v1/payment_methods/pm_2', 'POST /v1/subscriptions/sub_1']);
    expect(fake.seen[1]?.form.get('default_payment_method')).toBe('pm_2');
  });
});

describe(`Stripe Billing webhooks drive the plan (${TEST_ENGINE})`, () => {
  it('renews on invoice.paid for a new period: period moved, payment recorded once, receipt mailed', async () => {
    const ana = await subscribed();
    const next = new Date(end.getTime() + 31 * DAY);
    const invoice = stripeInvoice({
      id: 'in_cycle',
      subscription: 'sub_1',
      reason: 'subscription_cycle',
      amount: 790,
      price: MENSAL,
      start: end,
      end: next,
    });
    const payload = stripeEvent('evt_cycle', 'invoice.paid', invoice);
    expect((await deliverStripeEvent(t, payload)).statusCode).toBe(200);
    expect((await deliverStripeEvent(t, payload)).statusCode).toBe(200);
    // The same invoice in another event (Stripe resends under new ids after an outage) records nothing more.
    expect(
      (await deliverStripeEvent(t, stripeEvent('evt_cycle_2', 'invoice.paid', invoice))).statusCode,
    ).toBe(200);
    expect(await localSubscription(ana.user.id)).toMatchObject({
      current_period_start: end,
      current_period_end: next,
      ends_at: null,
    });
    expect(await paymentsOf(ana.user.id)).toEqual([
      { tipo: 'assinatura', valor: 790, status: 'pago', provider_payment_id: 'in_1' },
      { tipo: 'renovacao', valor: 790, status: 'pago', provider_payment_id: 'in_cycle' },
    ]);
    const receipts = (await readOutbox(t.config)).filter(
      (m) => m.to === ana.user.email && /Recibo/i.test(m.subject),
    );
    expect(receipts).toHaveLength(2);
    expect(receipts.filter((m) => m.text.includes('Renovação do plano Meu Prontuário'))).toHaveLength(1);
  });

  it('ends the plan on a failed renewal: cancelled at Stripe, refusal recorded, the patient mailed, the lock back', async () => {
    const ana = await subscribed();
    const due = new Date(Date.now() - 60_000);
    await t.database.db
      .update(subscriptions)
      .set({ current_period_end: due })
      .where(eq(subscriptions.user_id, ana.user.id));
    fake.reset();
    fake.answer({ body: { ...sub().body, status: 'canceled' } });
    const failed = stripeEvent('evt_failed', 'invoice.payment_failed', {
      ...stripeInvoice({
        id: 'in_failed',
        subscription: 'sub_1',
        reason: 'subscription_cycle',
        amount: 790,
        price: MENSAL,
        start: due,
        end: new Date(due.getTime() + 30 * DAY),
      }),
      status: 'open',
      amount_paid: 0,
    });
    expect((await deliverStripeEvent(t, failed)).statusCode).toBe(200);
    expect(calls()).toEqual(['DELETE /v1/subscriptions/sub_1']);
    expect(await localSubscription(ana.user.id)).toMatchObject({ current_period_end: due, ends_at: due });
    expect((await paymentsOf(ana.user.id)).at(-1)).toMatchObject({ tipo: 'renovacao', status: 'recusado' });
    const mail = (await readOutbox(t.config)).find(
      (m) => m.to === ana.user.email && m.subject.startsWith('Não foi'),
    );
    expect(mail?.text).toContain(SANDBOX_MESSAGES.card_declined);
    const home = await t.app.inject({ url: '/api/home', headers: ana.auth });
    expect((home.json() as { user: { plano: unknown } }).user.plano).toBeNull();
  });

  it('mirrors a cancellation made at Stripe, and a deletion ends the plan now', async () => {
    const ana = await subscribed();
    const updated = stripeEvent('evt_upd', 'customer.subscription.updated', sub({ cancel: true }).body);
    expect((await deliverStripeEvent(t, updated)).statusCode).toBe(200);
    expect((await localSubscription(ana.user.id))?.ends_at).toEqual(end);

    const endedAt = Math.floor(Date.now() / 1000) - 5;
    const deleted = stripeEvent('evt_del', 'customer.subscription.deleted', {
      ...sub().body,
      status: 'canceled',
      ended_at: endedAt,
    });
    expect((await deliverStripeEvent(t, deleted)).statusCode).toBe(200);
    const row = await localSubscription(ana.user.id);
    expect(row?.current_period_end).toEqual(new Date(endedAt * 1000));
    expect(row?.ends_at).toEqual(new Date(endedAt * 1000));
    const planos = await t.app.inject({ url: '/api/planos', headers: ana.auth });
    expect(planos.json().subscription).toBeNull();
  });

  it('completes a subscribe whose request died after Stripe charged: the pendente payment paid, the plan granted', async () => {
    const carla = await createPatient(t.app);
    const key = `u${carla.user.id}:assinatura:morreu`;
    await t.database.db.insert(payments).values({
      user_id: carla.user.id,
      provider: 'stripe',
      tipo: 'assinatura',
      descricao: 'Assinatura do plano Meu Prontuário',
      valor: 790,
      idempotency_key: key,
    });
    fake.answer(sub({ id: 'sub_9', customer: 'cus_9' }));
    const paid = stripeEvent(
      'evt_create',
      'invoice.paid',
      stripeInvoice({
        id: 'in_9',
        subscription: 'sub_9',
        reason: 'subscription_create',
        amount: 790,
        price: MENSAL,
        start,
        end,
        metadata: { user_id: String(carla.user.id), payment_key: key },
      }),
    );
    expect((await deliverStripeEvent(t, paid)).statusCode).toBe(200);
    expect(calls()).toEqual(['GET /v1/subscriptions/sub_9']);
    expect(await localSubscription(carla.user.id)).toMatchObject({
      provider_subscription_id: 'sub_9',
      current_period_end: end,
    });
    expect(await paymentsOf(carla.user.id)).toEqual([
      { tipo: 'assinatura', valor: 790, status: 'pago', provider_payment_id: 'in_9' },
    ]);
    const planos = await t.app.inject({ url: '/api/planos', headers: carla.auth });
    expect(planos.json().plano.stripe_plan).toBe(MENSAL);
  });
});
