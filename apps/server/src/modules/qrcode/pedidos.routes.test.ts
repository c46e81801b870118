import {
  PAGAMENTO_MESSAGES,
  PEDIDO_MESSAGES,
  SANDBOX_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coupons, payments, qrcode_orders } from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor, subscribe } from '../../test/telemedicina-factories.ts';

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
  await t.database.db.delete(coupons);
  await t.database.db.insert(coupons).values([
    { nome: 'BEMVINDO10', desconto: 10 },
    { nome: 'PULSO100', desconto: 100 },
    { nome: 'VENCIDO', desconto: 20, valido_ate: new Date(Date.now() - 60_000) },
    { nome: 'ESGOTADO', desconto: 20, limite_usos: 2, usos: 2 },
    { nome: 'INATIVO', desconto: 20, ativo: false },
    { nome: 'UMAVEZ', desconto: 50, limite_usos: 1 },
  ]);
});

type Auth = { authorization: string } | undefined;
const SAO_PAULO = { id: 3550308, descricao: 'São Paulo - SP' };
const ADDRESS = {
  endereco: 'Rua das Flores, 100',
  bairro: 'Centro',
  cidade: SAO_PAULO,
  cep: '01310-100',
  complemento: 'Apto 12',
};

const get = (url: string, auth: Auth) => t.app.inject({ url, ...(auth ? { headers: auth } : {}) });

const order = (auth: Auth, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/qrcode/purchase',
    payload: { ...ADDRESS, ...payload },
    headers: { ...(auth ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
  });

/** A payment method made as the web's card form makes it. */
async function card(auth: Auth, number = '4242 4242 4242 4242'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    payload: { number, exp_month: 12, exp_year: 2031, cvc: '123' },
    ...(auth ? { headers: auth } : {}),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}

const ordersOf = (userId: number) =>
  t.database.db.select().from(qrcode_orders).where(eq(qrcode_orders.user_id, userId));
const paymentsOf = (userId: number) =>
  t.database.db.select().from(payments).where(eq(payments.user_id, userId));
async function usos(nome: string): Promise<number> {
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.nome, nome));
  return row?.usos ?? -1;
}

describe(`sticker purchase page data (${TEST_ENGINE})`, () => {
  it("answers the caller's address to prefill and the price, 0 while an annual set is free", async () => {
    const ana = await createPatient(t.app);
    const empty = await get('/api/qrcode/purchase', ana.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(empty.json()).toEqual({
      geral: { endereco: null, bairro: null, complemento: null, cidade: null },
      valor: 1990,
    });
    await fillEmergencyData(t.database.db, ana.user.id);
    expect((await get('/api/qrcode/purchase', ana.auth)).json()).toEqual({
      geral: { endereco: 'Rua das Flores, 100', bairro: 'Centro', complemento: 'Apto 12', cidade: SAO_PAULO },
      valor: 1990,
    });
    const bia = await createPatient(t.app);
    await subscribe(t.database.db, bia.user.id, { periodo: 'M' });
    expect((await get('/api/qrcode/purchase', bia.auth)).json()).toMatchObject({ valor: 1990 });
    const caio = await createPatient(t.app);
    await subscribe(t.database.db, caio.user.id, { periodo: 'A' });
    expect((await get('/api/qrcode/purchase', caio.auth)).json()).toMatchObject({ valor: 0 });
  });
});

describe(`coupons (${TEST_ENGINE})`, () => {
  it('answers a usable coupon in any case, and the reasons one cannot be used', async () => {
    const ana = await createPatient(t.app);
    const ok = await get('/api/qrcode/coupon/bemvindo10', ana.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ coupon: { nome: 'BEMVINDO10', desconto: 10 } });
    for (const nome of ['NADA', 'INATIVO']) {
      const res = await get(`/api/qrcode/coupon/${nome}`, ana.auth);
      expect(res.statusCode, nome).toBe(404);
      expect(res.json()).toEqual({ message: PEDIDO_MESSAGES.cupomInvalido });
    }
    const vencido = await get('/api/qrcode/coupon/VENCIDO', ana.auth);
    expect(vencido.statusCode).toBe(422);
    expect(vencido.json()).toMatchObject({ message: PEDIDO_MESSAGES.cupomExpirado });
    const esgotado = await get('/api/qrcode/coupon/ESGOTADO', ana.auth);
    expect(esgotado.statusCode).toBe(422);
    expect(esgotado.json()).toMatchObject({ message: PEDIDO_MESSAGES.cupomEsgotado });
    // Checking does not use it.
    expect(await usos('BEMVINDO10')).toBe(0);
  });

  it('refuses an order with an unknown, expired or used-up coupon, charging nothing', async () => {
    const ana = await createPatient(t.app);
    const pm = await card(ana.auth);
    const cases = [
      ['NADA', 404, PEDIDO_MESSAGES.cupomInvalido],
      ['VENCIDO', 422, PEDIDO_MESSAGES.cupomExpirado],
      ['ESGOTADO', 422, PEDIDO_MESSAGES.cupomEsgotado],
    ] as const;
    for (const [nome, status, message] of cases) {
      const res = await order(ana.auth, { coupon: { nome }, payment_method: pm }, `chave-${nome}`);
      expect(res.statusCode, nome).toBe(status);
      expect(res.json()).toMatchObject({ message });
    }
    expect(await ordersOf(ana.user.id)).toHaveLength(0);
    expect(await paymentsOf(ana.user.id)).toHaveLength(0);
    expect(await usos('ESGOTADO')).toBe(2);
  });

  it('never lets concurrent orders take more uses than the limit', async () => {
    const patients = await Promise.all([1, 2, 3].map(() => createPatient(t.app)));
    const cards = await Promise.all(patients.map((p) => card(p.auth)));
    const answers = await Promise.all(
      patients.map((p, i) =>
        order(p.auth, { coupon: { nome: 'umavez' }, payment_method: cards[i] }, `k-${i}-umavez`),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422]);
    for (const r of answers.filter((a) => a.statusCode === 422))
      expect(r.json()).toMatchObject({ message: PEDIDO_MESSAGES.cupomEsgotado });
    expect(await usos('UMAVEZ')).toBe(1);
    const made = await t.database.db.select().from(qrcode_orders);
    expect(made.map((o) => [o.valor, o.desconto])).toEqual([[995, 50]]);
  });
});

describe(`ordering stickers (${TEST_ENGINE})`, () => {
  it('charges the server price with 4242 whatever price the client sends, and stores the order', async () => {
    const ana = await createPatient(t.app);
    const pm = await card(ana.auth);
    const res = await order(
      ana.auth,
      { valor: 1, desconto: 100, coupon: { nome: 'BEMVINDO10', desconto: 99 }, payment_method: pm },
      'pedido-0001-abc',
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as { message: string; order: Record<string, unknown> };
    expect(body.message).toBe(PEDIDO_MESSAGES.ordered);
    expect(body.order).toMatchObject({
      status: 'A',
      code: ana.user.code,
      endereco: 'Rua das Flores, 100',
      bairro: 'Centro',
      cidade: SAO_PAULO,
      cep: '01310100',
      complemento: 'Apto 12',
      valor: 1791,
      coupon: { nome: 'BEMVINDO10', desconto: 10 },
    });
    const [stored] = await ordersOf(ana.user.id);
    expect(stored).toMatchObject({ code: ana.user.code, cep: '01310100', valor: 1791, desconto: 10 });
    const [payment] = await paymentsOf(ana.user.id);
    expect(payment).toMatchObject({ tipo: 'pedido', valor: 1791, status: 'pago', referencia_id: stored?.id });
    expect(await usos('BEMVINDO10')).toBe(1);
    const mails = (await readOutbox(t.config)).filter(
      (m) => m.to === ana.user.email && m.subject.startsWith('Recibo'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Valor: R$\u00a017,91');
    // Without a coupon, the full price.
    const full = await order(ana.auth, { valor: 0, payment_method: await card(ana.auth) }, 'pedido-0002-abc');
    expect(full.statusCode).toBe(201);
    expect((full.json() as { order: { valor: number } }).order.valor).toBe(1990);
  });

  it("refuses 0002 and 9995 with the provider's message, makes no order and gives the coupon use back", async () => {
    const ana = await createPatient(t.app);
    for (const [number, message] of [
      ['4000 0000 0000 0002', SANDBOX_MESSAGES.card_declined],
      ['4000 0000 0000 9995', SANDBOX_MESSAGES.insufficient_funds],
    ] as const) {
      const pm = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/payment-methods',
        payload: { number, exp_month: 12, exp_year: 2031, cvc: '123' },
        headers: ana.auth,
      });
      if (pm.statusCode === 402) {
        // 0002 is refused already when the payment method is made, as on Stripe.
        expect(pm.json()).toEqual({ message });
        continue;
      }
      const res = await order(ana.auth, { coupon: { nome: 'UMAVEZ' }, payment_method: pm.json().id });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message });
    }
    expect(await ordersOf(ana.user.id)).toHaveLength(0);
    expect(await usos('UMAVEZ')).toBe(0);
    // The use given back is there for the next card.
    const ok = await order(ana.auth, { coupon: { nome: 'UMAVEZ' }, payment_method: await card(ana.auth) });
    expect(ok.statusCode).toBe(201);
    expect(await usos('UMAVEZ')).toBe(1);
  });

  it('charges once for the same key, sent twice or five times at once, and once per card without a key', async () => {
    const ana = await createPatient(t.app);
    const pm = await card(ana.auth);
    const key = 'pedido-dup-1234';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        order(ana.auth, { coupon: { nome: 'BEMVINDO10' }, payment_method: pm }, key),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 201 || c === 409)).toBe(true);
    const again = await order(ana.auth, { coupon: { nome: 'BEMVINDO10' }, payment_method: pm }, key);
    expect(again.statusCode).toBe(200);
    const first = answers.find((r) => r.statusCode === 201)?.json() as { order: { id: number } };
    expect((again.json() as { order: { id: number } }).order.id).toBe(first.order.id);
    expect(await ordersOf(ana.user.id)).toHaveLength(1);
    expect(await paymentsOf(ana.user.id)).toHaveLength(1);
    expect(await usos('BEMVINDO10')).toBe(1);
    // Without the header the card is the key: a double submit orders once.
    const pm2 = await card(ana.auth);
    const double = await Promise.all([
      order(ana.auth, { payment_method: pm2 }),
      order(ana.auth, { payment_method: pm2 }),
    ]);
    expect(double.map((r) => r.statusCode).filter((c) => c === 201)).toHaveLength(1);
    expect(await ordersOf(ana.user.id)).toHaveLength(2);
    expect((await paymentsOf(ana.user.id)).filter((p) => p.valor === 1990)).toHaveLength(1);
  });

  it('completes a 100% coupon order at once without a card', async () => {
    const ana = await createPatient(t.app);
    const res = await order(ana.auth, { coupon: { nome: 'PULSO100' } }, 'gratis-0001');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: PEDIDO_MESSAGES.ordered,
      order: { valor: 0, coupon: { nome: 'PULSO100', desconto: 100 } },
    });
    expect(await usos('PULSO100')).toBe(1);
    // The same key again: the same order, no second use.
    expect((await order(ana.auth, { coupon: { nome: 'PULSO100' } }, 'gratis-0001')).statusCode).toBe(200);
    expect(await usos('PULSO100')).toBe(1);
    expect(await ordersOf(ana.user.id)).toHaveLength(1);
    // A price above 0 needs a card.
    const noCard = await order(ana.auth, { coupon: { nome: 'BEMVINDO10' } }, 'sem-cartao-01');
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json()).toMatchObject({ errors: { payment_method: [PAGAMENTO_MESSAGES.paymentMethod] } });
    expect(await usos('BEMVINDO10')).toBe(0);
  });

  it('gives an annual subscriber one free set, once, even asked twice at once', async () => {
    const ana = await createPatient(t.app);
    const subId = await subscribe(t.database.db, ana.user.id, { periodo: 'A' });
    const answers = await Promise.all([
      order(ana.auth, {}, 'anual-000001'),
      order(ana.auth, {}, 'anual-000002'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((r) => r.statusCode === 422);
    expect(refused?.json()).toMatchObject({ errors: { payment_method: [PAGAMENTO_MESSAGES.paymentMethod] } });
    const orders = await ordersOf(ana.user.id);
    expect(orders.map((o) => [o.valor, o.subscription_id])).toEqual([[0, subId]]);
    expect((await get('/api/qrcode/purchase', ana.auth)).json()).toMatchObject({ valor: 1990 });
    const paid = await order(ana.auth, { payment_method: await card(ana.auth) }, 'anual-000003');
    expect(paid.statusCode).toBe(201);
    expect((paid.json() as { order: { valor: number } }).order.valor).toBe(1990);
    // A monthly plan gives none.
    const bia = await createPatient(t.app);
    await subscribe(t.database.db, bia.user.id, { periodo: 'M' });
    expect((await order(bia.auth, {}, 'mensal-000001')).statusCode).toBe(422);
  });

  it('validates the address with the documented messages and the municipality', async () => {
    const ana = await createPatient(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/qrcode/purchase',
      payload: {},
      headers: ana.auth,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: {
        endereco: [PEDIDO_MESSAGES.endereco],
        bairro: [PEDIDO_MESSAGES.bairro],
        cidade: [PEDIDO_MESSAGES.cidade],
        cep: [PEDIDO_MESSAGES.cep],
      },
    });
    const blank = await order(ana.auth, { endereco: '  ', bairro: '', cidade: null, cep: '0131-010' });
    expect(Object.keys((blank.json() as { errors: object }).errors).sort()).toEqual([
      'bairro',
      'cep',
      'cidade',
      'endereco',
    ]);
    const city = await order(ana.auth, {
      cidade: { id: 99, descricao: 'Lugar Nenhum - XX' },
      coupon: { nome: 'PULSO100' },
    });
    expect(city.statusCode).toBe(422);
    expect(city.json()).toMatchObject({ errors: { cidade: [PEDIDO_MESSAGES.cidade] } });
    expect(await ordersOf(ana.user.id)).toHaveLength(0);
  });
});

describe(`orders and who sees them (${TEST_ENGINE})`, () => {
  it('lists the caller’s orders newest first, here and on GET /api/qrcode, to nobody else', async () => {
    const ana = await createPatient(t.app);
    const bia = await createPatient(t.app);
    const doctor = await createDoctor(t);
    for (const res of [
      await get('/api/qrcode/orders', undefined),
      await get('/api/qrcode/purchase', undefined),
      await get('/api/qrcode/coupon/BEMVINDO10', undefined),
      await order(undefined, { coupon: { nome: 'PULSO100' } }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    }
    expect(await usos('PULSO100')).toBe(0);
    const first = await order(ana.auth, { coupon: { nome: 'PULSO100' } }, 'lista-000001');
    const second = await order(ana.auth, { payment_method: await card(ana.auth) }, 'lista-000002');
    const ids = [second, first].map((r) => (r.json() as { order: { id: number } }).order.id);
    const list = await get('/api/qrcode/orders', ana.auth);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const { orders } = list.json() as { orders: { id: number; created_at: string; status: string }[] };
    expect(orders.map((o) => o.id)).toEqual(ids);
    expect(orders[0]).toEqual({ id: ids[0], created_at: expect.any(String), status: 'A' });
    expect(Object.keys(orders[0] ?? {}).sort()).toEqual(['created_at', 'id', 'status']);
    expect(((await get('/api/qrcode', ana.auth)).json() as { orders: unknown[] }).orders).toEqual(orders);
    for (const other of [bia, doctor]) {
      expect((await get('/api/qrcode/orders', other.auth)).json()).toEqual({ orders: [] });
      expect(((await get('/api/qrcode', other.auth)).json() as { orders: unknown[] }).orders).toEqual([]);
      // Another user's key is theirs: reusing Ana's key orders for them, never answers Ana's order.
      const theirs = await order(other.auth, { coupon: { nome: 'PULSO100' } }, 'lista-000001');
      expect(theirs.statusCode).toBe(201);
      expect((theirs.json() as { order: { id: number; code: string } }).order.code).toBe(other.user.code);
    }
  });
});
