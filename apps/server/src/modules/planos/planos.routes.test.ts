import {
  PAGAMENTO_MESSAGES,
  PLANO_MESSAGES,
  type PlanosAnswer,
  SANDBOX_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payment_customers, payments, planos, subscriptions } from '../../db/schema/index.ts';
import { PLANOS_PADRAO, seedPagamentos } from '../../seed/pagamentos.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { PENDENTE_RETOMADA_MS } from '../pagamentos/charge.service.ts';
import { endTrial } from '../timeline/timeline.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.database.db.delete(payments);
  await seedPagamentos(t.database.db);
});

type Auth = { authorization: string } | undefined;
const MENSAL = PLANOS_PADRAO[0].stripe_plan;
const ANUAL = PLANOS_PADRAO[1].stripe_plan;

const call = (method: 'GET' | 'PUT' | 'POST', url: string, auth: Auth, payload?: unknown, key?: string) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...(auth ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
  });

async function card(auth: Auth, number = '4242424242424242'): Promise<string> {
  const res = await call('POST', '/api/sandbox/payment-methods', auth, {
    number,
    exp_month: 12,
    exp_year: 2031,
    cvc: '123',
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}

async function planoId(stripePlan: string): Promise<number> {
  const [row] = await t.database.db.select().from(planos).where(eq(planos.stripe_plan, stripePlan));
  if (!row) throw new Error('plan missing');
  return row.id;
}

async function paymentsOf(userId: number) {
  return t.database.db.select().from(payments).where(eq(payments.user_id, userId));
}

describe(`plans (${TEST_ENGINE})`, () => {
  it('lists the seeded plans, cheapest first, with no subscription or card yet', async () => {
    const ana = await createPatient(t.app);
    const res = await call('GET', '/api/planos', ana.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as PlanosAnswer;
    expect(body).toMatchObject({ subscription: null, plano: null, paymentMethod: null });
    expect(body.planos.map((p) => [p.nome, p.preco, p.periodo])).toEqual([
      ['Meu Prontuário', 790, 'M'],
      ['Meu Prontuário Anual', 7900, 'A'],
    ]);
  });

  it('subscribes with 4242: charges the plan price, starts a month, unlocks a user past the trial', async () => {
    const ana = await createPatient(t.app);
    await endTrial(t.database.db, ana.user.id);
    const intent = await call('GET', `/api/planos/pagamento/${await planoId(MENSAL)}`, ana.auth);
    expect(intent.statusCode).toBe(200);
    expect((intent.json() as { intent: { client_secret: string } }).intent.client_secret).toMatch(/_secret_/);
    // Past the trial and without a plan before.
    const before = await call('GET', '/api/home', ana.auth);
    expect((before.json() as { user: { trialEnded: boolean; plano: unknown } }).user).toMatchObject({
      trialEnded: true,
      plano: null,
    });
    const res = await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: MENSAL,
      payment_method: await card(ana.auth),
      preco: 1,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PlanosAnswer & { message: string };
    expect(body.message).toBe(PLANO_MESSAGES.paid);
    expect(body.plano?.stripe_plan).toBe(MENSAL);
    expect(body.paymentMethod).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 });
    const start = new Date(body.subscription?.current_period_start ?? '');
    const end = new Date(body.subscription?.current_period_end ?? '');
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect((await paymentsOf(ana.user.id)).map((p) => [p.tipo, p.valor, p.status])).toEqual([
      ['assinatura', 790, 'pago'],
    ]);
    const after = await call('GET', '/api/home', ana.auth);
    expect((after.json() as { user: { plano: unknown } }).user.plano).toEqual({ type: 1, periodo: 'M' });
    // A second subscription is refused while this one lasts.
    const again = await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: ANUAL,
      payment_method: await card(ana.auth),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PLANO_MESSAGES.jaAssinante });
  });

  it("refuses a declined card with the provider's message and stores no subscription", async () => {
    const ana = await createPatient(t.app);
    const res = await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: MENSAL,
      payment_method: await card(ana.auth, '4000000000000002'),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: SANDBOX_MESSAGES.card_declined });
    const poor = await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: MENSAL,
      payment_method: await card(ana.auth, '4000000000009995'),
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toEqual({ message: SANDBOX_MESSAGES.insufficient_funds });
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, ana.user.id)),
    ).toEqual([]);
    expect((await call('GET', '/api/planos', ana.auth)).json()).toMatchObject({ subscription: null });
  });

  it('charges once for a double submit: concurrent subscribes make one subscription and one charge', async () => {
    const ana = await createPatient(t.app);
    const pm1 = await card(ana.auth);
    const pm2 = await card(ana.auth);
    const answers = await Promise.all([
      call('PUT', '/api/planos/subscribe', ana.auth, { stripe_plan: MENSAL, payment_method: pm1 }),
      call('PUT', '/api/planos/subscribe', ana.auth, { stripe_plan: MENSAL, payment_method: pm2 }),
      call('PUT', '/api/planos/subscribe', ana.auth, { stripe_plan: MENSAL, payment_method: pm1 }),
    ]);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const paid = (await paymentsOf(ana.user.id)).filter((p) => p.status === 'pago');
    expect(paid).toHaveLength(1);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, ana.user.id)),
    ).toHaveLength(1);
  });

  it('waits for a plan charge in flight, but gives up one its dead request left pendente', async () => {
    const ana = await createPatient(t.app);
    const [left] = await t.database.db
      .insert(payments)
      .values({
        user_id: ana.user.id,
        provider: 'sandbox',
        tipo: 'assinatura',
        descricao: 'Assinatura do plano Meu Prontuário',
        valor: 790,
        idempotency_key: `u${ana.user.id}:assinatura:aba-fechada`,
      })
      .returning();
    const subscribe = async () =>
      call('PUT', '/api/planos/subscribe', ana.auth, {
        stripe_plan: MENSAL,
        payment_method: await card(ana.auth),
      });
    // Still within PENDENTE_RETOMADA_MS of its last sign of life: it may yet complete.
    const waiting = await subscribe();
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ message: PAGAMENTO_MESSAGES.emAndamento });
    await t.database.db
      .update(payments)
      .set({ updated_at: new Date(Date.now() - PENDENTE_RETOMADA_MS - 1000) })
      .where(eq(payments.id, left?.id ?? 0));
    expect((await subscribe()).statusCode).toBe(200);
    const rows = (await paymentsOf(ana.user.id)).sort((a, b) => a.id - b.id);
    expect(rows.map((p) => [p.idempotency_key.split(':')[2], p.status, p.falha])).toEqual([
      ['aba-fechada', 'recusado', PAGAMENTO_MESSAGES.interrompido],
      ['pm', 'pago', null],
    ]);
  });

  it('cancels at the period end (the plan stays) and renews', async () => {
    const ana = await createPatient(t.app);
    expect((await call('PUT', '/api/planos/cancelar', ana.auth)).statusCode).toBe(409);
    await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: MENSAL,
      payment_method: await card(ana.auth),
    });
    const cancel = await call('PUT', '/api/planos/cancelar', ana.auth);
    expect(cancel.statusCode).toBe(200);
    const cancelled = cancel.json() as PlanosAnswer & { message: string };
    expect(cancelled.message).toBe(PLANO_MESSAGES.cancelado);
    expect(cancelled.subscription?.ends_at).toBe(cancelled.subscription?.current_period_end);
    expect(cancelled.plano?.stripe_plan).toBe(MENSAL);
    expect((await call('PUT', '/api/planos/cancelar', ana.auth)).json()).toEqual({
      message: PLANO_MESSAGES.jaCancelado,
    });
    const renew = await call('PUT', '/api/planos/renovar', ana.auth);
    expect(renew.statusCode).toBe(200);
    expect((renew.json() as PlanosAnswer).subscription?.ends_at).toBeNull();
    expect((await call('PUT', '/api/planos/renovar', ana.auth)).json()).toEqual({
      message: PLANO_MESSAGES.naoCancelado,
    });
  });

  it('changes plan charging the new price less the unused part, shown before confirming', async () => {
    const ana = await createPatient(t.app);
    await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: MENSAL,
      payment_method: await card(ana.auth),
    });
    // Half of a 30-day period left: 790 / 2 = 395 credited.
    const now = Date.now();
    await t.database.db
      .update(subscriptions)
      .set({
        current_period_start: new Date(now - 15 * 86_400_000),
        current_period_end: new Date(now + 15 * 86_400_000),
      })
      .where(eq(subscriptions.user_id, ana.user.id));
    const anual = await planoId(ANUAL);
    const preview = await call('GET', `/api/planos/alterar/${anual}`, ana.auth);
    expect(preview.statusCode).toBe(200);
    const { prorrateio } = preview.json() as { prorrateio: { credito: number; cobranca: number } };
    expect(Math.abs(prorrateio.credito - 395)).toBeLessThanOrEqual(1);
    expect(prorrateio.cobranca).toBe(7900 - prorrateio.credito);
    const res = await call('PUT', `/api/planos/alterar/${anual}`, ana.auth, undefined, 'troca-anual-1');
    expect(res.statusCode).toBe(200);
    const body = res.json() as PlanosAnswer & { message: string };
    expect(body.message).toBe(PLANO_MESSAGES.alterado);
    expect(body.plano?.stripe_plan).toBe(ANUAL);
    const charged = (await paymentsOf(ana.user.id)).find((p) => p.tipo === 'troca_plano');
    expect(charged?.valor).toBe(prorrateio.cobranca);
    // The same key again charges nothing more.
    await call('PUT', `/api/planos/alterar/${anual}`, ana.auth, undefined, 'troca-anual-1');
    expect((await paymentsOf(ana.user.id)).filter((p) => p.tipo === 'troca_plano')).toHaveLength(1);
    // Back to the monthly plan at once: the annual credit beyond 790 stays as balance.
    const back = await call(
      'PUT',
      `/api/planos/alterar/${await planoId(MENSAL)}`,
      ana.auth,
      undefined,
      'volta-mensal-1',
    );
    expect(back.statusCode).toBe(200);
    const [customer] = await t.database.db
      .select()
      .from(payment_customers)
      .where(eq(payment_customers.user_id, ana.user.id));
    expect(customer?.saldo).toBeGreaterThan(7000);
    expect((await call('PUT', `/api/planos/alterar/${await planoId(MENSAL)}`, ana.auth)).json()).toEqual({
      message: PLANO_MESSAGES.mesmoPlano,
    });
    // Annual again, without a key: a new purchase (not a replay of the first change), paid by the balance.
    const again = await call('PUT', `/api/planos/alterar/${anual}`, ana.auth);
    expect(again.statusCode).toBe(200);
    expect((again.json() as PlanosAnswer).plano?.stripe_plan).toBe(ANUAL);
    const trocas = (await paymentsOf(ana.user.id)).filter((p) => p.tipo === 'troca_plano');
    expect(trocas.map((p) => p.status)).toEqual(['pago', 'pago', 'pago']);
    expect(trocas[2]?.valor).toBe(0);
  });

  it('changes the saved card, refusing a declined one', async () => {
    const ana = await createPatient(t.app);
    await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: MENSAL,
      payment_method: await card(ana.auth),
    });
    expect((await call('GET', '/api/planos/pagamento', ana.auth)).statusCode).toBe(200);
    const declined = await call('PUT', '/api/planos/pagamento', ana.auth, {
      payment_method: await card(ana.auth, '4000000000000002'),
    });
    expect(declined.statusCode).toBe(402);
    const res = await call('PUT', '/api/planos/pagamento', ana.auth, {
      payment_method: await card(ana.auth, '5555555555554444'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PLANO_MESSAGES.cartaoAlterado,
      paymentMethod: { last4: '4444' },
    });
    expect((await call('GET', '/api/planos', ana.auth)).json()).toMatchObject({
      paymentMethod: { brand: 'mastercard', last4: '4444' },
    });
  });

  it("is closed to guests, and nobody reads or changes another's plan or card", async () => {
    const ana = await createPatient(t.app);
    const bia = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const anaCard = await card(ana.auth);
    await call('PUT', '/api/planos/subscribe', ana.auth, { stripe_plan: MENSAL, payment_method: anaCard });
    const anual = await planoId(ANUAL);
    for (const [method, url] of [
      ['GET', '/api/planos'],
      ['GET', '/api/planos/pagamento'],
      ['GET', `/api/planos/pagamento/${anual}`],
      ['PUT', '/api/planos/subscribe'],
      ['PUT', '/api/planos/cancelar'],
      ['PUT', '/api/planos/renovar'],
      ['GET', `/api/planos/alterar/${anual}`],
      ['PUT', `/api/planos/alterar/${anual}`],
      ['PUT', '/api/planos/pagamento'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'PUT' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    }
    for (const other of [bia, doctor]) {
      expect((await call('GET', '/api/planos', other.auth)).json()).toMatchObject({
        subscription: null,
        paymentMethod: null,
      });
      expect((await call('PUT', '/api/planos/cancelar', other.auth)).statusCode).toBe(409);
      // Ana's card cannot pay for someone else.
      const steal = await call('PUT', '/api/planos/subscribe', other.auth, {
        stripe_plan: MENSAL,
        payment_method: anaCard,
      });
      expect(steal.statusCode).toBe(402);
      expect(
        (await call('PUT', '/api/planos/pagamento', other.auth, { payment_method: anaCard })).statusCode,
      ).toBe(402);
    }
    const mine = (await call('GET', '/api/planos', ana.auth)).json() as PlanosAnswer;
    expect(mine.subscription?.ends_at).toBeNull();
    expect(mine.paymentMethod?.last4).toBe('4242');
  });

  it('answers 404 for a plan not on sale and 422 for a bad body', async () => {
    const ana = await createPatient(t.app);
    expect((await call('GET', '/api/planos/pagamento/999999', ana.auth)).statusCode).toBe(404);
    const unknown = await call('PUT', '/api/planos/subscribe', ana.auth, {
      stripe_plan: 'nao_existe',
      payment_method: await card(ana.auth),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PLANO_MESSAGES.notFound });
    expect((await call('PUT', '/api/planos/subscribe', ana.auth, { stripe_plan: MENSAL })).statusCode).toBe(
      422,
    );
  });
});
