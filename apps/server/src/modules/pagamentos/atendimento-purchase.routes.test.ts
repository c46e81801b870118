import {
  ATENDIMENTO_VALOR_PADRAO,
  CARD_MESSAGES,
  PAGAMENTO_MESSAGES,
  SANDBOX_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app_settings, creditos, payments } from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';

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
  await t.database.db.delete(app_settings);
});

type Auth = { authorization: string } | undefined;
const URL = '/api/telemedicina/purchase/atendimento';

/** A payment method made as the web's card form makes it (the sandbox's createPaymentMethod). */
async function paymentMethod(auth: Auth, number = '4242 4242 4242 4242'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    payload: { number, exp_month: 12, exp_year: 2031, cvc: '123' },
    ...(auth ? { headers: auth } : {}),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}

const buy = (auth: Auth, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'PUT',
    url: URL,
    payload,
    headers: { ...(auth ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
  });

/** The receipts mailed to `email` (the dev outbox also holds its e-mail verification). */
async function receipts(email: string) {
  return (await readOutbox(t.config)).filter(
    (m) => m.to === email && m.subject.startsWith('Recibo do pagamento'),
  );
}

async function creditsOf(userId: number): Promise<number> {
  return (await t.database.db.select().from(creditos).where(eq(creditos.user_id, userId))).length;
}

describe(`single teleconsultation purchase (${TEST_ENGINE})`, () => {
  it('answers the caller with the price in centavos, the seeded default until staff set one', async () => {
    const ana = await createPatient(t.app);
    const res = await t.app.inject({ url: URL, headers: ana.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { user } = res.json() as { user: { id: number; atendimento_valor: number; hasCredit: boolean } };
    expect(user).toMatchObject({
      id: ana.user.id,
      atendimento_valor: ATENDIMENTO_VALOR_PADRAO,
      hasCredit: false,
    });
    await t.database.db.insert(app_settings).values({ chave: 'atendimento_valor', valor: 7990 });
    const again = await t.app.inject({ url: URL, headers: ana.auth });
    expect((again.json() as { user: { atendimento_valor: number } }).user.atendimento_valor).toBe(7990);
  });

  it('charges the server price with 4242, grants one credit, records the payment and mails a receipt', async () => {
    const ana = await createPatient(t.app);
    await t.database.db.insert(app_settings).values({ chave: 'atendimento_valor', valor: 7990 });
    const pm = await paymentMethod(ana.auth);
    // A client price is ignored: the server charges atendimento_valor.
    const res = await buy(ana.auth, { payment_method: pm, valor: 1, atendimento_valor: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; user: { hasCredit: boolean; atendimento_valor: number } };
    expect(body.message).toBe(PAGAMENTO_MESSAGES.paid);
    expect(body.user.hasCredit).toBe(true);
    expect(await creditsOf(ana.user.id)).toBe(1);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    const [credito] = await t.database.db.select().from(creditos).where(eq(creditos.user_id, ana.user.id));
    expect(payment).toMatchObject({
      provider: 'sandbox',
      tipo: 'atendimento',
      valor: 7990,
      status: 'pago',
      referencia_id: credito?.id,
    });
    expect(payment?.provider_payment_id).toMatch(/^pi_sb_/);
    const mail = (await receipts(ana.user.email))[0];
    expect(mail?.subject).toBe(`Recibo do pagamento nº ${payment?.id} - Pulso`);
    expect(mail?.text).toContain('Valor: R$\u00a079,90');
    expect(mail?.text).toContain('Cartão: Visa terminado em 4242');
  });

  it("refuses 0002 and 9995 with the provider's message, granting nothing and recording the refusal", async () => {
    const ana = await createPatient(t.app);
    for (const [number, message] of [
      ['4000 0000 0000 0002', SANDBOX_MESSAGES.card_declined],
      ['4000 0000 0000 9995', SANDBOX_MESSAGES.insufficient_funds],
    ] as const) {
      const res = await buy(ana.auth, { payment_method: await paymentMethod(ana.auth, number) });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message });
    }
    expect(await creditsOf(ana.user.id)).toBe(0);
    const rows = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    expect(rows.map((r) => r.status)).toEqual(['recusado', 'recusado']);
  });

  it('charges once for the same idempotency key, even sent five times at once', async () => {
    const ana = await createPatient(t.app);
    const pm = await paymentMethod(ana.auth);
    const key = 'compra-1234-abcd';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => buy(ana.auth, { payment_method: pm }, key)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    // One charged; the others found it paid (200) or still in flight (409): never a second charge.
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const again = await buy(ana.auth, { payment_method: pm }, key);
    expect(again.statusCode).toBe(200);
    expect(await creditsOf(ana.user.id)).toBe(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    expect(rows).toHaveLength(1);
    // Without a header the payment method is the key: a double click with the same card buys once.
    const pm2 = await paymentMethod(ana.auth);
    expect((await buy(ana.auth, { payment_method: pm2 })).statusCode).toBe(200);
    expect((await buy(ana.auth, { payment_method: pm2 })).statusCode).toBe(200);
    expect(await creditsOf(ana.user.id)).toBe(2);
    expect(await receipts(ana.user.email)).toHaveLength(2);
  });

  it('charges again under the same key after the provider gave no answer, and never twice', async () => {
    const ana = await createPatient(t.app);
    const pm = await paymentMethod(ana.auth);
    const provider = t.app.ctx.payments;
    const realCharge = provider.charge;
    const keys: string[] = [];
    let down = true;
    provider.charge = async (input) => {
      keys.push(input.idempotencyKey);
      if (down) throw new Error('connect ECONNREFUSED');
      return realCharge(input);
    };
    try {
      const lost = await buy(ana.auth, { payment_method: pm }, 'compra-sem-resposta');
      expect(lost.statusCode).toBe(500);
      expect(await creditsOf(ana.user.id)).toBe(0);
      down = false;
      const retried = await buy(ana.auth, { payment_method: pm }, 'compra-sem-resposta');
      expect(retried.statusCode).toBe(200);
      expect((await buy(ana.auth, { payment_method: pm }, 'compra-sem-resposta')).statusCode).toBe(200);
    } finally {
      provider.charge = realCharge;
    }
    // The provider saw the same key both times it was asked; one credit, one payment.
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(await creditsOf(ana.user.id)).toBe(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    expect(rows.map((r) => r.status)).toEqual(['pago']);
  });

  it('validates the payment method and the key', async () => {
    const ana = await createPatient(t.app);
    const missing = await buy(ana.auth, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { payment_method: [PAGAMENTO_MESSAGES.paymentMethod] } });
    expect((await buy(ana.auth, { payment_method: 'tok_visa' })).statusCode).toBe(422);
    const badKey = await buy(ana.auth, { payment_method: await paymentMethod(ana.auth) }, 'x');
    expect(badKey.statusCode).toBe(422);
    const unknown = await buy(ana.auth, { payment_method: 'pm_sb_000000000000000000000000' });
    expect(unknown.statusCode).toBe(402);
    expect(await creditsOf(ana.user.id)).toBe(0);
  });

  it('tells the card form which provider to use, to signed-in users only', async () => {
    const ana = await createPatient(t.app);
    expect((await t.app.inject({ url: '/api/pagamentos/config' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/pagamentos/config', headers: ana.auth });
    expect(res.json()).toEqual({ provider: 'sandbox', publishable_key: null });
  });

  it('refuses malformed and past cards in the sandbox card form', async () => {
    const ana = await createPatient(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment-methods',
      payload: { number: '4242 4242 4242 4242', exp_month: 1, exp_year: 2020, cvc: '123' },
      headers: ana.auth,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: CARD_MESSAGES.expiryPast });
  });

  it("is closed to guests, and nobody can pay with another patient's card or see another's purchase", async () => {
    const ana = await createPatient(t.app);
    const bia = await createPatient(t.app);
    const doctor = await createDoctor(t);
    for (const res of [
      await t.app.inject({ url: URL }),
      await buy(undefined, { payment_method: 'pm_sb_x' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/payment-methods',
        payload: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
      }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    }
    const anaCard = await paymentMethod(ana.auth);
    expect((await buy(ana.auth, { payment_method: anaCard })).statusCode).toBe(200);
    // Bia and an unrelated doctor cannot charge Ana's saved card.
    for (const other of [bia, doctor]) {
      const res = await buy(other.auth, { payment_method: anaCard }, 'outra-chave-123');
      expect(res.statusCode).toBe(402);
      expect(await creditsOf(other.user.id)).toBe(0);
      const view = await t.app.inject({ url: URL, headers: other.auth });
      expect((view.json() as { user: { id: number; hasCredit: boolean } }).user).toMatchObject({
        id: other.user.id,
        hasCredit: false,
      });
    }
    expect(await creditsOf(ana.user.id)).toBe(1);
  });
});
