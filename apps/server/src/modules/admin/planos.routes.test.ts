import {
  ADMIN_MESSAGES,
  ATENDIMENTO_VALOR_PADRAO,
  PEDIDO_MESSAGES,
  PRECOS_MESSAGES,
  todayInSaoPaulo,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app_settings, audit_log, coupons, payments, subscriptions } from '../../db/schema/index.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';

/**
 * Plans, coupons and the single-consultation price in the admin area
 * (issue 9 "Content"): who may change them, and what patients see after
 * each change (GET /api/planos, GET /api/qrcode/coupon/{coupon},
 * GET /api/telemedicina/purchase/atendimento).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.database.db.delete(coupons);
  await t.database.db.delete(app_settings);
  await t.database.db.delete(audit_log);
});

type Auth = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(auth ? { headers: auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const PLANO = {
  nome: 'Prontuário Família',
  preco: 1490,
  periodo: 'M',
  tipo: 1,
  descricao: 'Para a família toda',
  stripe_plan: 'prontuario_familia',
  ativo: true,
};
const CUPOM = { nome: 'promo20', desconto: 20, valido_ate: null, limite_usos: null, ativo: true };

async function createPlano(admin: Auth, body: Record<string, unknown> = PLANO) {
  const res = await call('POST', '/api/admin/planos', admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { plano: { id: number } }).plano.id;
}

async function createCupom(admin: Auth, body: Record<string, unknown> = CUPOM) {
  const res = await call('POST', '/api/admin/cupons', admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { cupom: { id: number } }).cupom.id;
}

/** The plans a patient sees on /planos. */
async function planosAVenda(auth: Auth) {
  const res = await call('GET', '/api/planos', auth);
  expect(res.statusCode).toBe(200);
  return (res.json() as { planos: { nome: string; preco: number }[] }).planos;
}

describe(`admin plans, coupons and price: access (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest and 403 to a patient, a doctor and support on every route', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const support = await createStaff(t, 'support');
    const admin = await createStaff(t, 'admin');
    const planoId = await createPlano(admin.auth);
    const cupomId = await createCupom(admin.auth);
    const routes: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/api/admin/planos'],
      ['POST', '/api/admin/planos', { ...PLANO, stripe_plan: 'outro' }],
      ['PUT', `/api/admin/planos/${planoId}`, { ...PLANO, preco: 100 }],
      ['GET', '/api/admin/cupons'],
      ['POST', '/api/admin/cupons', { ...CUPOM, nome: 'OUTRO' }],
      ['PUT', `/api/admin/cupons/${cupomId}`, { ...CUPOM, desconto: 90 }],
      ['GET', '/api/admin/atendimento-valor'],
      ['PUT', '/api/admin/atendimento-valor', { atendimento_valor: 100 }],
    ];
    for (const [method, url, body] of routes) {
      const guest = await call(method, url, undefined, body);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const refused = await call(method, url, who, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
      const limited = await call(method, url, support.auth, body);
      expect(limited.statusCode, `${method} ${url}`).toBe(403);
      expect(limited.json()).toEqual({ message: ADMIN_MESSAGES.notAllowed });
    }
    const planos = await call('GET', '/api/admin/planos', admin.auth);
    expect(planos.headers['cache-control']).toBe('private, no-store');
    expect(planos.json()).toEqual({
      planos: [{ id: planoId, ...PLANO, assinaturas_ativas: 0 }],
    });
    expect((await call('GET', '/api/admin/cupons', admin.auth)).json()).toEqual({
      cupons: [
        {
          id: cupomId,
          nome: 'PROMO20',
          desconto: 20,
          valido_ate: null,
          limite_usos: null,
          usos: 0,
          ativo: true,
          situacao: 'ativo',
        },
      ],
    });
    expect((await call('GET', '/api/admin/atendimento-valor', admin.auth)).json()).toEqual({
      atendimento_valor: ATENDIMENTO_VALOR_PADRAO,
    });
  });
});

describe(`admin plans (${TEST_ENGINE})`, () => {
  it('a new plan goes on sale; deactivating it takes it off GET /api/planos; edits are audited', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const id = await createPlano(admin.auth);
    expect(await planosAVenda(patient.auth)).toEqual([
      expect.objectContaining({
        id,
        nome: 'Prontuário Família',
        preco: 1490,
        stripe_plan: 'prontuario_familia',
      }),
    ]);

    const off = await call('PUT', `/api/admin/planos/${id}`, admin.auth, {
      ...PLANO,
      preco: 1990,
      ativo: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: PRECOS_MESSAGES.planoSalvo,
      plano: { preco: 1990, ativo: false },
    });
    expect(await planosAVenda(patient.auth)).toEqual([]);
    // Subscribing to it by its provider id fails too.
    const sub = await call('PUT', '/api/planos/subscribe', patient.auth, {
      stripe_plan: 'prontuario_familia',
      payment_method: 'pm_sb_qualquer',
    });
    expect(sub.statusCode).toBe(404);
    // Still listed for staff, to be reactivated.
    expect((await call('GET', '/api/admin/planos', admin.auth)).json()).toMatchObject({
      planos: [{ id, ativo: false }],
    });

    const log = await t.database.db.select().from(audit_log).orderBy(audit_log.id);
    expect(log.map((r) => [r.acao, r.entidade, r.entidade_id])).toEqual([
      ['plano.criar', 'conteudo', `plano:${id}`],
      ['plano.editar', 'conteudo', `plano:${id}`],
    ]);
    expect(log[1]).toMatchObject({
      antes: { preco: 1490, ativo: true },
      depois: { preco: 1990, ativo: false },
    });
  });

  it('validates with the domain rules: card minimum, period, provider id in use (422)', async () => {
    const admin = await createStaff(t, 'admin');
    await createPlano(admin.auth);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ preco: 49 }, 'preco', PRECOS_MESSAGES.preco],
      [{ preco: 790.5 }, 'preco', PRECOS_MESSAGES.preco],
      [{ periodo: 'S' }, 'periodo', PRECOS_MESSAGES.periodo],
      [{ nome: '' }, 'nome', PRECOS_MESSAGES.nome],
      [{ stripe_plan: 'prontuario_familia' }, 'stripe_plan', PRECOS_MESSAGES.stripePlanEmUso],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('POST', '/api/admin/planos', admin.auth, { ...PLANO, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(422);
      expect(res.json()).toMatchObject({ errors: { [field]: [message] } });
    }
    const edge = await call('POST', '/api/admin/planos', admin.auth, {
      ...PLANO,
      preco: 50,
      stripe_plan: 'minimo',
    });
    expect(edge.statusCode).toBe(201);
    expect((await call('PUT', '/api/admin/planos/99999', admin.auth, PLANO)).statusCode).toBe(404);
  });

  it('a new price does not change a subscription already paid; its period cannot change while subscribed', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const id = await createPlano(admin.auth);
    const card = await call('POST', '/api/sandbox/payment-methods', patient.auth, {
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: 2031,
      cvc: '123',
    });
    const paid = await call('PUT', '/api/planos/subscribe', patient.auth, {
      stripe_plan: 'prontuario_familia',
      payment_method: (card.json() as { id: string }).id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [before] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.user_id, patient.user.id));

    const raised = await call('PUT', `/api/admin/planos/${id}`, admin.auth, { ...PLANO, preco: 2490 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ plano: { preco: 2490, assinaturas_ativas: 1 } });

    const [after] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.user_id, patient.user.id));
    expect(after).toEqual(before);
    const charged = await t.database.db.select().from(payments).where(eq(payments.user_id, patient.user.id));
    expect(charged.map((p) => [p.valor, p.status])).toEqual([[1490, 'pago']]);
    const mine = (await call('GET', '/api/planos', patient.auth)).json() as {
      subscription: { current_period_end: string };
      plano: { id: number };
    };
    expect(mine.plano.id).toBe(id);
    expect(mine.subscription.current_period_end).toBe(before?.current_period_end.toISOString());

    const annual = await call('PUT', `/api/admin/planos/${id}`, admin.auth, {
      ...PLANO,
      preco: 2490,
      periodo: 'A',
    });
    expect(annual.statusCode).toBe(422);
    expect(annual.json()).toMatchObject({ errors: { periodo: [PRECOS_MESSAGES.periodoComAssinantes] } });
  });
});

describe(`admin coupons (${TEST_ENGINE})`, () => {
  it("an edited coupon's percent, validity and state reach GET /api/qrcode/coupon/{coupon} at once", async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const check = () => call('GET', '/api/qrcode/coupon/%20promo20%20', patient.auth);
    const id = await createCupom(admin.auth);
    expect((await check()).json()).toEqual({ coupon: { nome: 'PROMO20', desconto: 20 } });

    const edit = (body: Record<string, unknown>) =>
      call('PUT', `/api/admin/cupons/${id}`, admin.auth, { ...CUPOM, ...body });
    expect((await edit({ desconto: 30 })).statusCode).toBe(200);
    expect((await check()).json()).toEqual({ coupon: { nome: 'PROMO20', desconto: 30 } });

    const today = todayInSaoPaulo();
    expect((await edit({ desconto: 30, valido_ate: today })).json()).toMatchObject({
      cupom: { valido_ate: today, situacao: 'ativo' },
    });
    expect((await check()).statusCode).toBe(200);
    const expired = await edit({ valido_ate: '2020-01-31' });
    expect(expired.json()).toMatchObject({ cupom: { valido_ate: '2020-01-31', situacao: 'expirado' } });
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row?.valido_ate?.toISOString()).toBe('2020-02-01T02:59:59.999Z');
    expect((await check()).json()).toEqual({
      errors: { coupon: [PEDIDO_MESSAGES.cupomExpirado] },
      message: PEDIDO_MESSAGES.cupomExpirado,
    });

    await t.database.db.update(coupons).set({ usos: 3 }).where(eq(coupons.id, id));
    const limited = await edit({ limite_usos: 3 });
    expect(limited.json()).toMatchObject({ cupom: { usos: 3, limite_usos: 3, situacao: 'esgotado' } });
    expect((await check()).json()).toMatchObject({ errors: { coupon: [PEDIDO_MESSAGES.cupomEsgotado] } });

    expect((await edit({ ativo: false })).json()).toMatchObject({ cupom: { situacao: 'inativo', usos: 3 } });
    const off = await check();
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ message: PEDIDO_MESSAGES.cupomInvalido });

    const log = await t.database.db.select().from(audit_log).orderBy(audit_log.id);
    expect(log.map((r) => r.acao)).toEqual([
      'cupom.criar',
      'cupom.editar',
      'cupom.editar',
      'cupom.editar',
      'cupom.editar',
      'cupom.editar',
    ]);
    expect(log[1]).toMatchObject({
      entidade: 'conteudo',
      entidade_id: `cupom:${id}`,
      antes: { desconto: 20 },
      depois: { desconto: 30 },
    });
  });

  it('refuses a taken name, 0% and 101% (422) and an unknown coupon (404)', async () => {
    const admin = await createStaff(t, 'admin');
    await createCupom(admin.auth);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nome: ' PROMO20 ' }, 'nome', PRECOS_MESSAGES.cupomNomeEmUso],
      [{ nome: 'NOVO', desconto: 0 }, 'desconto', PRECOS_MESSAGES.desconto],
      [{ nome: 'NOVO', desconto: 101 }, 'desconto', PRECOS_MESSAGES.desconto],
      [{ nome: 'NOVO', limite_usos: 0 }, 'limite_usos', PRECOS_MESSAGES.limiteUsos],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('POST', '/api/admin/cupons', admin.auth, { ...CUPOM, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(422);
      expect(res.json()).toMatchObject({ errors: { [field]: [message] } });
    }
    expect(
      (await call('POST', '/api/admin/cupons', admin.auth, { ...CUPOM, nome: 'CEM', desconto: 100 }))
        .statusCode,
    ).toBe(201);
    expect((await call('PUT', '/api/admin/cupons/99999', admin.auth, CUPOM)).statusCode).toBe(404);
  });
});

describe(`admin single-consultation price (${TEST_ENGINE})`, () => {
  it('sets atendimento_valor in centavos, seen by GET /api/telemedicina/purchase/atendimento; audited', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const seen = async () =>
      (
        (await call('GET', '/api/telemedicina/purchase/atendimento', patient.auth)).json() as {
          user: { atendimento_valor: number };
        }
      ).user.atendimento_valor;
    expect(await seen()).toBe(ATENDIMENTO_VALOR_PADRAO);

    for (const atendimento_valor of [49, 0, 79.9, 'muito']) {
      const res = await call('PUT', '/api/admin/atendimento-valor', admin.auth, { atendimento_valor });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errors: { atendimento_valor: [PRECOS_MESSAGES.atendimentoValor] } });
    }
    const set = await call('PUT', '/api/admin/atendimento-valor', admin.auth, { atendimento_valor: 7990 });
    expect(set.json()).toEqual({ message: PRECOS_MESSAGES.atendimentoValorSalvo, atendimento_valor: 7990 });
    expect(await seen()).toBe(7990);
    await call('PUT', '/api/admin/atendimento-valor', admin.auth, { atendimento_valor: 50 });
    expect(await seen()).toBe(50);

    const log = await t.database.db.select().from(audit_log).orderBy(audit_log.id);
    expect(log.map((r) => [r.acao, r.entidade, r.entidade_id, r.antes, r.depois])).toEqual([
      [
        'atendimento_valor.editar',
        'conteudo',
        'atendimento_valor',
        { atendimento_valor: ATENDIMENTO_VALOR_PADRAO },
        { atendimento_valor: 7990 },
      ],
      [
        'atendimento_valor.editar',
        'conteudo',
        'atendimento_valor',
        { atendimento_valor: 7990 },
        { atendimento_valor: 50 },
      ],
    ]);
  });
});
