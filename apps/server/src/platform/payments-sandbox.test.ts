import { CARD_MESSAGES, SANDBOX_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox_charges, sandbox_payment_methods } from '../db/schema/index.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness.ts';
import { PaymentError } from './payments.ts';
import { createSandboxPaymentMethod, sandboxPaymentProvider } from './payments-sandbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date('2026-11-24T12:00:00Z');
const card = (number: string, extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  ...extra,
});

async function refusal(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

describe(`sandbox payment provider (${TEST_ENGINE})`, () => {
  it('creates a payment method like Stripe.js, keeping what the card is but never its number', async () => {
    const pm = await createSandboxPaymentMethod(t.database.db, card('4242 4242 4242 4242'), NOW);
    expect(pm.id).toMatch(/^pm_sb_[0-9a-f]{24}$/);
    expect(pm.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    const rows = await t.database.db.select().from(sandbox_payment_methods);
    const stored = JSON.stringify(rows.find((r) => r.id === pm.id));
    expect(stored).not.toContain('424242424242');
    expect(stored).not.toContain('"123"');
  });

  it('refuses a malformed number, a bad or past expiry and a bad CVC with Stripe codes', async () => {
    const db = t.database.db;
    expect((await refusal(createSandboxPaymentMethod(db, card('4242 4242'), NOW))).code).toBe(
      'incorrect_number',
    );
    const month = await refusal(
      createSandboxPaymentMethod(db, card('4242424242424242', { exp_month: 13 }), NOW),
    );
    expect(month).toMatchObject({ code: 'invalid_expiry_month', message: CARD_MESSAGES.expiryInvalid });
    // The current month is still valid; the one before is not.
    await createSandboxPaymentMethod(db, card('4242424242424242', { exp_month: 11, exp_year: 2026 }), NOW);
    const past = await refusal(
      createSandboxPaymentMethod(db, card('4242424242424242', { exp_month: 10, exp_year: 2026 }), NOW),
    );
    expect(past).toMatchObject({ code: 'invalid_expiry_year', message: CARD_MESSAGES.expiryPast });
    expect(
      (await refusal(createSandboxPaymentMethod(db, card('4242424242424242', { cvc: '12' }), NOW))).code,
    ).toBe('invalid_cvc');
    // Amex asks four digits.
    expect((await refusal(createSandboxPaymentMethod(db, card('378282246310005'), NOW))).code).toBe(
      'invalid_cvc',
    );
    await createSandboxPaymentMethod(db, card('378282246310005', { cvc: '1234' }), NOW);
  });

  it('charges 4242, declines 0002 already when saved, and refuses 9995 for funds only when charged', async () => {
    const db = t.database.db;
    const provider = sandboxPaymentProvider(db);
    const customer = await provider.createCustomer({ userId: 1, email: 'a@b.c', name: 'Ana' });
    const charge = (paymentMethodId: string) =>
      provider.charge({
        customerId: customer,
        paymentMethodId,
        amount: 1990,
        description: 'x',
        idempotencyKey: 'k',
      });

    const ok = await createSandboxPaymentMethod(db, card('4242424242424242'), NOW);
    expect(await provider.attachPaymentMethod(customer, ok.id)).toEqual(ok.card);
    expect((await charge(ok.id)).id).toMatch(/^pi_sb_/);

    const declined = await createSandboxPaymentMethod(db, card('4000000000000002'), NOW);
    expect(await refusal(provider.attachPaymentMethod(customer, declined.id))).toMatchObject({
      code: 'card_declined',
      message: SANDBOX_MESSAGES.card_declined,
    });
    expect((await refusal(charge(declined.id))).code).toBe('card_declined');

    const poor = await createSandboxPaymentMethod(db, card('4000 0000 0000 9995'), NOW);
    await provider.attachPaymentMethod(customer, poor.id);
    expect(await refusal(charge(poor.id))).toMatchObject({
      code: 'insufficient_funds',
      message: SANDBOX_MESSAGES.insufficient_funds,
    });

    const live = await createSandboxPaymentMethod(db, card('4111111111111111'), NOW);
    expect((await refusal(charge(live.id))).code).toBe('test_mode_live_card');
  });

  it("never lets one customer use another's card or an unknown id", async () => {
    const db = t.database.db;
    const provider = sandboxPaymentProvider(db);
    const ana = await provider.createCustomer({ userId: 1, email: 'a@b.c', name: 'Ana' });
    const bia = await provider.createCustomer({ userId: 2, email: 'b@b.c', name: 'Bia' });
    const pm = await createSandboxPaymentMethod(db, card('4242424242424242'), NOW);
    await provider.attachPaymentMethod(ana, pm.id);
    expect((await refusal(provider.attachPaymentMethod(bia, pm.id))).code).toBe('resource_missing');
    const steal = provider.charge({
      customerId: bia,
      paymentMethodId: pm.id,
      amount: 100,
      description: 'x',
      idempotencyKey: 'k',
    });
    expect((await refusal(steal)).code).toBe('resource_missing');
    expect((await refusal(provider.attachPaymentMethod(ana, 'pm_sb_nope'))).code).toBe('resource_missing');
  });

  it('records a charge under its idempotency key: the same key again charges nothing more', async () => {
    const db = t.database.db;
    const provider = sandboxPaymentProvider(db);
    const customer = await provider.createCustomer({ userId: 3, email: 'c@b.c', name: 'Caio' });
    const pm = await createSandboxPaymentMethod(db, card('4242424242424242'), NOW);
    await provider.attachPaymentMethod(customer, pm.id);
    const charge = (idempotencyKey: string, amount = 790) =>
      provider.charge({
        customerId: customer,
        paymentMethodId: pm.id,
        amount,
        description: 'x',
        idempotencyKey,
      });
    const first = await charge('u3:atendimento:chave-1');
    expect(await charge('u3:atendimento:chave-1')).toEqual(first);
    const other = await charge('u3:atendimento:chave-2');
    expect(other.id).not.toBe(first.id);
    const rows = await db.select().from(sandbox_charges).where(eq(sandbox_charges.customer_id, customer));
    expect(rows.map((r) => [r.idempotency_key, r.id, r.amount]).sort()).toEqual([
      ['u3:atendimento:chave-1', first.id, 790],
      ['u3:atendimento:chave-2', other.id, 790],
    ]);
    // As on Stripe, a key reused for another amount is a programming error, not a card refusal.
    await expect(charge('u3:atendimento:chave-1', 1990)).rejects.toThrow(/idempotency key reused/);
    await expect(charge('u3:atendimento:chave-1', 1990)).rejects.not.toBeInstanceOf(PaymentError);
  });

  it('hands out a SetupIntent client secret for the card form', async () => {
    const { client_secret } = await sandboxPaymentProvider(t.database.db).createSetupIntent('cus_sb_x');
    expect(client_secret).toMatch(/^seti_sb_[0-9a-f]{24}_secret_[0-9a-f]{24}$/);
  });
});
