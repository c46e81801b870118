import { randomInt } from 'node:crypto';
import { CODE_REPLACED_MESSAGES, formatCode, generateCode } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { code_access_logs, qrcode_orders, replaced_codes, users } from '../../db/schema/index.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { drawFreeCode } from '../auth/index.ts';
import { CODE_NOT_FOUND_MESSAGE } from '../code/code.service.ts';

// docs/codes.md "A lost sticker": POST /api/qrcode/substituir, and what the old code answers after it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

type Auth = { authorization: string } | undefined;
const replace = (auth: Auth) =>
  t.app.inject({ method: 'POST', url: '/api/qrcode/substituir', ...(auth ? { headers: auth } : {}) });
const codeOf = async (userId: number) =>
  (await t.database.db.select({ code: users.code }).from(users).where(eq(users.id, userId)))[0]?.code;
const attempts = (userId: number) =>
  t.database.db
    .select({
      viewer_id: code_access_logs.viewer_id,
      viewer_kind: code_access_logs.viewer_kind,
      tabs: code_access_logs.tabs,
      codigo_substituido: code_access_logs.codigo_substituido,
    })
    .from(code_access_logs)
    .where(eq(code_access_logs.user_id, userId))
    .orderBy(code_access_logs.id);

describe('POST /api/qrcode/substituir', () => {
  it('answers 401 to a guest and changes nobody’s code', async () => {
    const ana = await createPatient(t.app);
    expect((await replace(undefined)).statusCode).toBe(401);
    expect(await codeOf(ana.user.id)).toBe(ana.user.code);
  });

  it('gives the owner a new code and keeps their data; another patient or a doctor replaces only their own', async () => {
    const ana = await createPatient(t.app);
    await fillEmergencyData(t.database.db, ana.user.id);
    const bruno = await createPatient(t.app);
    const doctor = await createDoctor(t, { name: 'Dra. Carla Reis' });
    const doctorCode = doctor.user.code;

    const res = await replace(ana.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; qrcode: { code: string; url: string; svg: string } };
    expect(body.message).toBe(CODE_REPLACED_MESSAGES.done);
    expect(body.qrcode.code).toMatch(/^\d{3}[A-Z]{2}\d{3}$/);
    expect(body.qrcode.code).not.toBe(ana.user.code);
    expect(body.qrcode.url).toBe(`http://pulso.test/code/${body.qrcode.code}`);
    expect(body.qrcode.svg).toMatch(/^<svg/);
    expect(await codeOf(ana.user.id)).toBe(body.qrcode.code);
    const qrcode = (await t.app.inject({ url: '/api/qrcode', headers: ana.auth })).json();
    expect(qrcode.qrcode.code).toBe(body.qrcode.code);

    // Her data answers the new code; the old one is a replaced code.
    const opened = await t.app.inject({ url: `/api/code/${body.qrcode.code}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().user).toMatchObject({ name: ana.user.name, code: body.qrcode.code });
    expect(await t.database.db.select().from(replaced_codes)).toEqual([
      { code: ana.user.code, user_id: ana.user.id, replaced_at: expect.any(Date) },
    ]);

    // The others' codes did not move.
    expect(await codeOf(bruno.user.id)).toBe(bruno.user.code);
    expect(await codeOf(doctor.user.id)).toBe(doctorCode);
    const own = await replace(bruno.auth);
    expect(own.statusCode).toBe(200);
    expect(await codeOf(ana.user.id)).toBe(body.qrcode.code);
    expect(await codeOf(bruno.user.id)).toBe(own.json().qrcode.code);
  });

  it('prints the orders not yet sent with the new code; a sent one keeps what was printed', async () => {
    const ana = await createPatient(t.app);
    const order = (status: 'A' | 'E') => ({
      user_id: ana.user.id,
      code: ana.user.code,
      endereco: 'Rua das Flores, 10',
      bairro: 'Centro',
      cidade_id: 3550308,
      cep: '01001000',
      valor: 1990,
      status,
    });
    await t.database.db.insert(qrcode_orders).values([order('A'), order('E')]);
    const fresh = (await replace(ana.auth)).json().qrcode.code as string;
    const rows = await t.database.db
      .select({ status: qrcode_orders.status, code: qrcode_orders.code })
      .from(qrcode_orders)
      .orderBy(qrcode_orders.id);
    expect(rows).toEqual([
      { status: 'A', code: fresh },
      { status: 'E', code: ana.user.code },
    ]);
  });
});

describe('the old code after a replacement', () => {
  it('answers 410 with the message alone, and logs each attempt for the patient, viewer classified', async () => {
    const ana = await createPatient(t.app);
    await fillEmergencyData(t.database.db, ana.user.id);
    const bruno = await createPatient(t.app, { name: 'Bruno Lima' });
    await replace(ana.auth);

    const guest = await t.app.inject({ url: `/api/code/${formatCode(ana.user.code)}` });
    expect(guest.statusCode).toBe(410);
    expect(guest.json()).toEqual({ message: CODE_REPLACED_MESSAGES.replaced });
    expect(guest.headers['cache-control']).toBe('private, no-store');
    const signedIn = await t.app.inject({ url: `/api/code/${ana.user.code}`, headers: bruno.auth });
    expect(signedIn.statusCode).toBe(410);
    expect(signedIn.body).not.toContain(ana.user.name);

    expect(await attempts(ana.user.id)).toEqual([
      { viewer_id: null, viewer_kind: 'guest', tabs: '', codigo_substituido: ana.user.code },
      { viewer_id: bruno.user.id, viewer_kind: 'other_user', tabs: '', codigo_substituido: ana.user.code },
    ]);
    const log = (await t.app.inject({ url: '/api/permissoes/acessos?offset=0', headers: ana.auth })).json();
    expect(log.acessos[0]).toMatchObject({
      viewer: { name: 'Bruno Lima', kind: 'other_user' },
      tabs: [],
      codigo_substituido: ana.user.code,
    });
    // A further page of the Timeline tab tells nothing either way, as for an unknown code.
    expect((await t.app.inject({ url: `/api/code/${ana.user.code}/timeline/0` })).statusCode).toBe(403);
  });

  it('is a page saying it was replaced, with no personal data and the 192/193 calls', async () => {
    const ana = await createPatient(t.app);
    await fillEmergencyData(t.database.db, ana.user.id);
    await replace(ana.auth);
    const page = await t.app.inject({ url: `/code/${ana.user.code}` });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Este código foi substituído');
    expect(page.body).toContain('href="tel:192"');
    expect(page.body).toContain('href="tel:193"');
    expect(page.body).not.toContain(ana.user.name);
    expect(page.body).not.toContain('pulso-code-data');
    const english = await t.app.inject({ url: `/code/${ana.user.code}?lang=en` });
    expect(english.statusCode).toBe(410);
    expect(english.body).toContain('This code was replaced');
  });

  it('answers like an unknown code once the account is closed', async () => {
    const ana = await createPatient(t.app);
    await replace(ana.auth);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, ana.user.id));
    const res = await t.app.inject({ url: `/api/code/${ana.user.code}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: CODE_NOT_FOUND_MESSAGE });
    expect(await attempts(ana.user.id)).toEqual([]);
  });

  it('is never drawn again for anyone', async () => {
    const ana = await createPatient(t.app);
    await replace(ana.auth);
    const draw = vi.fn(() => generateCode(randomInt)).mockReturnValueOnce(ana.user.code);
    const next = await drawFreeCode(t.database.db, draw);
    expect(next).not.toBe(ana.user.code);
    expect(draw).toHaveBeenCalledTimes(2);
  });
});
