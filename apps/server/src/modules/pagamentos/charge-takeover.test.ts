import { ATENDIMENTO_VALOR_PADRAO, PAGAMENTO_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coupons, creditos, payments, qrcode_orders, sandbox_charges } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../../platform/payments.ts';
import { sandboxPaymentProvider } from '../../platform/payments-sandbox.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { chargeOnce } from './charge.service.ts';
import type { Compra } from './compras.ts';
import { paymentKey } from './payments.read.ts';

// Defect 2 of docs/operations-and-faults.md: a charge whose process died mid-charge is taken over
// by its key once the window (here 1 s) has passed. faults/charge-crash.postgres.test.ts kills a
// real server; here the dead request is a charge whose provider call never returns.
const WINDOW_S = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAGAMENTO_RETOMADA_SEGUNDOS: String(WINDOW_S) });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.database.db.delete(payments);
  await t.database.db.delete(sandbox_charges);
});

type Auth = { authorization: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function paymentMethod(auth: Auth): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    payload: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2031, cvc: '123' },
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}

/**
 * What a server killed mid-charge leaves: the `pendente` row `chargeOnce` recorded (timestamps
 * from the database's `now()`) and the charge the sandbox recorded under the key, with no answer
 * ever coming back. Resolves once the provider has charged.
 */
async function chargeThatDies(
  userId: number,
  request: { tipo: 'atendimento' | 'pedido'; valor: number; descricao: string; compra: Compra },
  paymentMethodId: string,
  key: string,
): Promise<void> {
  const sandbox = sandboxPaymentProvider(t.database.db);
  let charged!: () => void;
  const done = new Promise<void>((resolve) => {
    charged = resolve;
  });
  const dying: PaymentProvider = {
    ...sandbox,
    async charge(input) {
      await sandbox.charge(input);
      charged();
      return new Promise<never>(() => {});
    },
  };
  void chargeOnce(
    { db: t.database.db, payments: dying, retomadaMs: WINDOW_S * 1000 },
    { userId, paymentMethodId, idempotencyKey: key, ...request },
  );
  await done;
}

const chargesAtProvider = async (key: string) =>
  t.database.db.select().from(sandbox_charges).where(eq(sandbox_charges.idempotency_key, key));

describe(`a charge left pendente by a dead process (${TEST_ENGINE})`, () => {
  it('answers 409 within the window, then is taken over: charged once at the provider, granted once', async () => {
    const ana = await createPatient(t.app);
    const pm = await paymentMethod(ana.auth);
    const key = 'compra-interrompida-0001';
    await chargeThatDies(
      ana.user.id,
      {
        tipo: 'atendimento',
        valor: ATENDIMENTO_VALOR_PADRAO,
        descricao: 'Teleconsulta avulsa (1 atendimento)',
        compra: { tipo: 'atendimento' },
      },
      pm,
      key,
    );
    const buy = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/telemedicina/purchase/atendimento',
        payload: { payment_method: pm },
        headers: { ...ana.auth, 'idempotency-key': key },
      });
    const early = await buy();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: PAGAMENTO_MESSAGES.emAndamento });

    await sleep(WINDOW_S * 1000 + 200);
    const taken = await buy();
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ message: PAGAMENTO_MESSAGES.paid, user: { hasCredit: true } });
    const again = await buy();
    expect(again.statusCode).toBe(200);

    const rows = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    expect(rows.map((p) => [p.status, p.valor, p.idempotency_key])).toEqual([
      ['pago', ATENDIMENTO_VALOR_PADRAO, paymentKey(ana.user.id, 'atendimento', key)],
    ]);
    const charges = await chargesAtProvider(paymentKey(ana.user.id, 'atendimento', key));
    expect(charges).toHaveLength(1);
    expect(rows[0]?.provider_payment_id).toBe(charges[0]?.id);
    expect(await t.database.db.select().from(creditos).where(eq(creditos.user_id, ana.user.id))).toHaveLength(
      1,
    );
  });

  it('finishes a sticker order as it was priced, coupon use counted once', async () => {
    const ana = await createPatient(t.app);
    const pm = await paymentMethod(ana.auth);
    const [coupon] = await t.database.db
      .insert(coupons)
      .values({ nome: `RETOMA${ana.user.id}`, desconto: 50, usos: 1 })
      .returning();
    if (!coupon) throw new Error('coupon not inserted');
    const key = 'pedido-interrompido-0001';
    const pedido = {
      code: ana.user.code,
      endereco: 'Rua das Flores, 100',
      bairro: 'Centro',
      cidade_id: 3550308,
      cep: '01310100',
      complemento: null,
      valor: 995,
      coupon_id: coupon.id,
      desconto: 50,
    };
    await chargeThatDies(
      ana.user.id,
      {
        tipo: 'pedido',
        valor: 995,
        descricao: 'Kit de adesivos (cupom)',
        compra: { tipo: 'pedido', pedido },
      },
      pm,
      key,
    );
    const order = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/qrcode/purchase',
        payload: {
          endereco: 'Rua das Flores, 100',
          bairro: 'Centro',
          cidade: { id: 3550308, descricao: 'São Paulo - SP' },
          cep: '01310-100',
          complemento: null,
          coupon: { nome: coupon.nome },
          payment_method: pm,
        },
        headers: { ...ana.auth, 'idempotency-key': key },
      });
    expect((await order()).statusCode).toBe(409);
    await sleep(WINDOW_S * 1000 + 200);
    const taken = await order();
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toMatchObject({
      order: { valor: 995, coupon: { nome: coupon.nome, desconto: 50 } },
    });
    const replay = await order();
    expect(replay.statusCode).toBe(200);

    const orders = await t.database.db
      .select()
      .from(qrcode_orders)
      .where(eq(qrcode_orders.user_id, ana.user.id));
    expect(orders.map((o) => [o.valor, o.coupon_id])).toEqual([[995, coupon.id]]);
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after?.usos).toBe(1);
    expect(await chargesAtProvider(paymentKey(ana.user.id, 'pedido', key))).toHaveLength(1);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.user_id, ana.user.id));
    expect(payment).toMatchObject({ status: 'pago', referencia_id: orders[0]?.id });
  });
});
