import { SANDBOX_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  payment_customers,
  payments,
  sandbox_payment_methods,
  subscriptions,
} from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import { PLANOS_PADRAO, seedPagamentos } from '../../seed/pagamentos.ts';
import { captureLog } from '../../test/cluster.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { subscribe } from '../../test/telemedicina-factories.ts';
import { renewDueSubscriptions } from './renewal.ts';

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

const DAY = 86_400_000;

/** A patient subscribed to the monthly plan with `number`, whose period ended an hour ago. */
async function subscribedUntilAnHourAgo(number = '4242424242424242') {
  const ana = await createPatient(t.app);
  const pm = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    payload: { number, exp_month: 12, exp_year: 2031, cvc: '123' },
    headers: ana.auth,
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/planos/subscribe',
    payload: { stripe_plan: PLANOS_PADRAO[0].stripe_plan, payment_method: (pm.json() as { id: string }).id },
    headers: ana.auth,
  });
  expect(res.statusCode).toBe(200);
  const end = new Date(Date.now() - 3600_000);
  await t.database.db
    .update(subscriptions)
    .set({ current_period_start: new Date(end.getTime() - 30 * DAY), current_period_end: end })
    .where(eq(subscriptions.user_id, ana.user.id));
  return { ...ana, end };
}

const subscriptionOf = async (userId: number) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, userId)))[0];
const planoOf = async (auth: { authorization: string }) =>
  ((await t.app.inject({ url: '/api/home', headers: auth })).json() as { user: { plano: unknown } }).user
    .plano;

describe(`plan renewal job (${TEST_ENGINE})`, () => {
  it('charges the saved card once per period and moves the period on', async () => {
    const ana = await subscribedUntilAnHourAgo();
    expect(await planoOf(ana.auth)).toBeNull();
    expect(await renewDueSubscriptions(t.app.ctx, captureLog())).toEqual({ renewed: 1, ended: 0 });
    const sub = await subscriptionOf(ana.user.id);
    expect(sub?.current_period_start.getTime()).toBe(ana.end.getTime());
    expect(sub?.current_period_end.getUTCMonth()).toBe((ana.end.getUTCMonth() + 1) % 12);
    expect(await planoOf(ana.auth)).toEqual({ type: 1, periodo: 'M' });
    // A second run (or a second node) finds nothing due and charges nothing.
    expect(await renewDueSubscriptions(t.app.ctx, captureLog())).toEqual({ renewed: 0, ended: 0 });
    const rows = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    expect(rows.map((p) => [p.tipo, p.valor, p.status])).toEqual([
      ['assinatura', 790, 'pago'],
      ['renovacao', 790, 'pago'],
    ]);
    // Each payment has its receipt (issue 8), the renewal's once.
    const receipts = (await readOutbox(t.config)).filter(
      (m) => m.to === ana.user.email && m.text.includes('Renovação do plano Meu Prontuário'),
    );
    expect(receipts).toHaveLength(1);
  });

  it('does not renew a cancelled plan', async () => {
    const ana = await subscribedUntilAnHourAgo();
    await t.database.db
      .update(subscriptions)
      .set({ ends_at: ana.end })
      .where(eq(subscriptions.user_id, ana.user.id));
    expect(await renewDueSubscriptions(t.app.ctx, captureLog())).toEqual({ renewed: 0, ended: 0 });
    expect(await planoOf(ana.auth)).toBeNull();
  });

  it('ends the plan when the saved card now fails, mailing why', async () => {
    const ana = await subscribedUntilAnHourAgo();
    // The saved card now lacks funds: swap its sandbox behaviour as a bank would.
    const [customer] = await t.database.db
      .select()
      .from(payment_customers)
      .where(eq(payment_customers.user_id, ana.user.id));
    await t.database.db
      .update(sandbox_payment_methods)
      .set({ falha: 'insufficient_funds' })
      .where(eq(sandbox_payment_methods.customer_id, customer?.customer_id ?? ''));
    expect(await renewDueSubscriptions(t.app.ctx, captureLog())).toEqual({ renewed: 0, ended: 1 });
    const sub = await subscriptionOf(ana.user.id);
    expect(sub?.ends_at?.getTime()).toBe(ana.end.getTime());
    expect(await planoOf(ana.auth)).toBeNull();
    const mail = (await readOutbox(t.config)).find(
      (m) => m.to === ana.user.email && m.subject.startsWith('Não foi'),
    );
    expect(mail?.text).toContain(SANDBOX_MESSAGES.insufficient_funds);
    const rows = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    expect(rows.map((p) => [p.tipo, p.status])).toEqual([
      ['assinatura', 'pago'],
      ['renovacao', 'recusado'],
    ]);
  });

  it('ends a plan without a saved card', async () => {
    const bia = await createPatient(t.app);
    const end = new Date(Date.now() - 60_000);
    await subscribe(t.database.db, bia.user.id, { start: new Date(end.getTime() - 30 * DAY), end });
    expect(await renewDueSubscriptions(t.app.ctx, captureLog())).toEqual({ renewed: 0, ended: 1 });
    expect((await subscriptionOf(bia.user.id))?.ends_at?.getTime()).toBe(end.getTime());
    expect(await t.database.db.select().from(payments).where(eq(payments.user_id, bia.user.id))).toEqual([]);
  });
});
