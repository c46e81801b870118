import { ADMIN_MESSAGES, ADMIN_PEDIDO_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { audit_log, coupons, qrcode_orders } from '../../db/schema/index.ts';
import { readOutbox } from '../../platform/mail.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { decodeStickers, pdfInfo, renderPage } from '../qrcode/sticker-sheet.testkit.ts';
import { sheetLayout } from '../qrcode/sticker-sheet.ts';

/**
 * Sticker orders in the admin area (issue 9 "Orders", "Proof"): admin and
 * support list, filter, read and mark orders sent; patients and doctors are
 * refused; an order marked sent notifies the patient (mail and push) and
 * shows as E in the patient's own list; the sheet prints the order's code.
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
  vi.restoreAllMocks();
});

type Auth = { authorization: string };
const inject = (method: 'GET' | 'POST', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });

const SAO_PAULO = 3550308;

/** Inserts a sticker order of `user` as `PUT /api/qrcode/purchase` records it. */
async function order(
  user: { id: number; code: string },
  extra: Partial<typeof qrcode_orders.$inferInsert> = {},
): Promise<number> {
  const db: Db = t.database.db;
  const [row] = await db
    .insert(qrcode_orders)
    .values({
      user_id: user.id,
      code: user.code,
      endereco: 'Rua Augusta, 1500',
      bairro: 'Consolação',
      cidade_id: SAO_PAULO,
      cep: '01310100',
      complemento: 'Apto 42',
      valor: 1990,
      ...extra,
    })
    .returning({ id: qrcode_orders.id });
  if (!row) throw new Error('order not inserted');
  return row.id;
}

interface Item {
  id: number;
  status: string;
  code: string;
  nome: string;
  cidade: string;
  valor: number;
}

describe(`/api/admin/pedidos access (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest and 403 to a patient and a doctor on every route; support gets in', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const support = await createStaff(t, 'support');
    const id = await order(patient.user);
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/pedidos'],
      ['GET', `/api/admin/pedidos/${id}`],
      ['POST', `/api/admin/pedidos/${id}/enviar`],
      ['GET', `/api/admin/pedidos/${id}/pdf`],
    ];
    for (const [method, url] of routes) {
      const body = method === 'POST' ? { rastreio: null } : undefined;
      const guest = await inject(method, url, undefined, body);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const refused = await inject(method, url, who, body);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
    }
    // Nothing was sent by the refused calls.
    const [row] = await t.database.db.select().from(qrcode_orders).where(eq(qrcode_orders.id, id));
    expect(row?.status).toBe('A');
    for (const [method, url] of routes) {
      const allowed = await inject(method, url, support.auth, method === 'POST' ? {} : undefined);
      expect(allowed.statusCode, url).toBe(200);
    }
  });
});

describe(`GET /api/admin/pedidos (${TEST_ENGINE})`, () => {
  it('lists newest first, filters by status A or E, and refuses another status', async () => {
    const admin = await createStaff(t, 'admin');
    const ana = await createPatient(t.app, { name: 'Ana Lima' });
    const bruno = await createPatient(t.app, { name: 'Bruno Reis' });
    const a1 = await order(ana.user);
    const e1 = await order(bruno.user, { status: 'E', enviado_em: new Date() });
    const a2 = await order(bruno.user, { valor: 0 });

    const all = (await inject('GET', '/api/admin/pedidos', admin.auth)).json() as {
      pedidos: Item[];
      next: null;
    };
    expect(all.pedidos.map((p) => p.id)).toEqual([a2, e1, a1]);
    expect(all.next).toBeNull();
    expect(all.pedidos[2]).toMatchObject({
      id: a1,
      status: 'A',
      code: ana.user.code,
      nome: 'Ana Lima',
      cidade: 'São Paulo - SP',
      valor: 1990,
    });
    const aguardando = (await inject('GET', '/api/admin/pedidos?status=A', admin.auth)).json() as {
      pedidos: Item[];
    };
    expect(aguardando.pedidos.map((p) => p.id)).toEqual([a2, a1]);
    const enviados = (await inject('GET', '/api/admin/pedidos?status=E', admin.auth)).json() as {
      pedidos: Item[];
    };
    expect(enviados.pedidos.map((p) => p.id)).toEqual([e1]);
    expect((await inject('GET', '/api/admin/pedidos?status=X', admin.auth)).statusCode).toBe(422);
  });

  it('pages 50 at a time with next', async () => {
    const support = await createStaff(t, 'support');
    const patient = await createPatient(t.app);
    for (let i = 0; i < 52; i++) await order(patient.user);
    const page1 = (await inject('GET', '/api/admin/pedidos?status=A', support.auth)).json() as {
      pedidos: Item[];
      next: number | null;
    };
    expect(page1.pedidos).toHaveLength(50);
    expect(page1.next).toBe(page1.pedidos.at(-1)?.id);
    const page2 = (
      await inject('GET', `/api/admin/pedidos?status=A&before=${page1.next}`, support.auth)
    ).json() as {
      pedidos: Item[];
      next: number | null;
    };
    expect(page2.pedidos.map((p) => p.id)).toEqual([2, 1]);
    expect(page2.next).toBeNull();
  });
});

describe(`GET /api/admin/pedidos/:id (${TEST_ENGINE})`, () => {
  it("shows the buyer's name and e-mail, the address with the CEP formatted, the price and the coupon", async () => {
    const support = await createStaff(t, 'support');
    const patient = await createPatient(t.app, { name: 'Renata Alves' });
    const [cupom] = await t.database.db
      .insert(coupons)
      .values({ nome: 'BEMVINDO10', desconto: 10 })
      .returning({ id: coupons.id });
    const id = await order(patient.user, { valor: 1791, coupon_id: cupom?.id, desconto: 10 });
    const res = await inject('GET', `/api/admin/pedidos/${id}`, support.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      pedido: {
        id,
        created_at: expect.any(String),
        status: 'A',
        code: patient.user.code,
        nome: 'Renata Alves',
        cidade: 'São Paulo - SP',
        valor: 1791,
        comprador: { id: patient.user.id, name: 'Renata Alves', email: patient.user.email },
        endereco: 'Rua Augusta, 1500',
        bairro: 'Consolação',
        cep: '01310-100',
        complemento: 'Apto 42',
        coupon: { nome: 'BEMVINDO10', desconto: 10 },
        plano_anual: false,
        rastreio: null,
        enviado_em: null,
      },
    });
    const missing = await inject('GET', '/api/admin/pedidos/9999', support.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ADMIN_PEDIDO_MESSAGES.naoEncontrado });
  });
});

describe(`POST /api/admin/pedidos/:id/enviar (${TEST_ENGINE})`, () => {
  it('marks the order sent with its tracking code, mails and pushes the patient, audits, and refuses a second mark', async () => {
    const support = await createStaff(t, 'support');
    const patient = await createPatient(t.app, { name: 'Renata Alves' });
    const other = await createPatient(t.app);
    const id = await order(patient.user);
    const untouched = await order(other.user);
    const push = vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 1, removed: 0, failed: 0 });

    const res = await inject('POST', `/api/admin/pedidos/${id}/enviar`, support.auth, {
      rastreio: ' ab 123456789 br ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { message, pedido } = res.json() as {
      message: string;
      pedido: { status: string; rastreio: string; enviado_em: string };
    };
    expect(message).toBe(ADMIN_PEDIDO_MESSAGES.enviado);
    expect(pedido).toMatchObject({ status: 'E', rastreio: 'AB123456789BR' });
    expect(Date.now() - Date.parse(pedido.enviado_em)).toBeLessThan(60_000);

    // The patient's own list says E; the other patient's order stays A.
    const mine = await inject('GET', '/api/qrcode/orders', patient.auth);
    expect((mine.json() as { orders: { id: number; status: string }[] }).orders).toEqual([
      expect.objectContaining({ id, status: 'E' }),
    ]);
    const [still] = await t.database.db.select().from(qrcode_orders).where(eq(qrcode_orders.id, untouched));
    expect(still?.status).toBe('A');

    const mails = (await readOutbox(t.config)).filter(
      (m) => m.to === patient.user.email && m.subject.includes('enviados'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: patient.user.email,
      subject: `Seus adesivos foram enviados (pedido nº ${id}) - Pulso`,
    });
    expect(mails[0]?.text).toContain('Código de rastreio: AB123456789BR');
    expect(mails[0]?.text).toContain('http://pulso.test/qrcode/orders');
    expect(push).toHaveBeenCalledTimes(1);
    expect(push.mock.calls[0]?.[0]).toBe(patient.user.id);
    expect(push.mock.calls[0]?.[1]).toEqual({
      title: 'Seus adesivos foram enviados',
      body: `Pedido nº ${id} enviado pelos Correios.`,
      url: '/qrcode/orders',
    });

    const logged = await t.database.db.select().from(audit_log).where(eq(audit_log.entidade, 'pedido'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor_email: support.email,
      acao: 'pedido.enviar',
      entidade_id: String(id),
      antes: { status: 'A', rastreio: null, enviado_em: null },
      depois: { status: 'E', rastreio: 'AB123456789BR', enviado_em: pedido.enviado_em },
    });

    // Again: 409, nothing changes, nobody is told twice.
    const again = await inject('POST', `/api/admin/pedidos/${id}/enviar`, support.auth, {
      rastreio: 'CD987654321BR',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN_PEDIDO_MESSAGES.jaEnviado });
    const [row] = await t.database.db.select().from(qrcode_orders).where(eq(qrcode_orders.id, id));
    expect(row?.rastreio).toBe('AB123456789BR');
    expect(push).toHaveBeenCalledTimes(1);
    expect(
      (await readOutbox(t.config)).filter(
        (m) => m.to === patient.user.email && m.subject.includes('enviados'),
      ),
    ).toHaveLength(1);
    expect(await t.database.db.select().from(audit_log).where(eq(audit_log.entidade, 'pedido'))).toHaveLength(
      1,
    );
  });

  it('marks sent without a tracking code; refuses a malformed one (422) and an unknown order (404)', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const id = await order(patient.user);
    vi.spyOn(t.app.ctx.push, 'sendToUser').mockResolvedValue({ sent: 0, removed: 0, failed: 0 });

    const bad = await inject('POST', `/api/admin/pedidos/${id}/enviar`, admin.auth, { rastreio: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: ADMIN_PEDIDO_MESSAGES.rastreio,
      errors: { rastreio: [ADMIN_PEDIDO_MESSAGES.rastreio] },
    });
    const missing = await inject('POST', '/api/admin/pedidos/9999/enviar', admin.auth, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ADMIN_PEDIDO_MESSAGES.naoEncontrado });

    const res = await inject('POST', `/api/admin/pedidos/${id}/enviar`, admin.auth, { rastreio: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pedido: { status: 'E', rastreio: null } });
    const [mail] = (await readOutbox(t.config)).filter(
      (m) => m.to === patient.user.email && m.subject.includes('enviados'),
    );
    expect(mail?.text).toContain('Este envio não tem código de rastreio.');
  });

  it('still marks the order sent when the push fails', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const id = await order(patient.user);
    vi.spyOn(t.app.ctx.push, 'sendToUser').mockRejectedValue(new Error('push service down'));
    const res = await inject('POST', `/api/admin/pedidos/${id}/enviar`, admin.auth, {});
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(qrcode_orders).where(eq(qrcode_orders.id, id));
    expect(row?.status).toBe('E');
  });
});

describe(`GET /api/admin/pedidos/:id/pdf (${TEST_ENGINE})`, () => {
  it("prints the order's 4 stickers (2 of 40×30 mm, 2 of 30×20 mm) that decode to its code's URL", async () => {
    const support = await createStaff(t, 'support');
    const patient = await createPatient(t.app);
    const id = await order(patient.user);
    const res = await inject('GET', `/api/admin/pedidos/${id}/pdf`, support.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pulso-pedido-${id}.pdf"`);
    const pdf = res.rawPayload;
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const places = sheetLayout([
      { code: patient.user.code, tamanho: { largura: 40, altura: 30 } },
      { code: patient.user.code, tamanho: { largura: 40, altura: 30 } },
      { code: patient.user.code, tamanho: { largura: 30, altura: 20 } },
      { code: patient.user.code, tamanho: { largura: 30, altura: 20 } },
    ]);
    const decoded = await decodeStickers(await renderPage(pdf), places);
    const url = `http://pulso.test/code/${patient.user.code}`;
    // All four read at 150 dpi, the 30×20 mm ones too.
    expect(decoded).toEqual([url, url, url, url]);
    expect((await inject('GET', '/api/admin/pedidos/9999/pdf', support.auth)).statusCode).toBe(404);
  });
});
