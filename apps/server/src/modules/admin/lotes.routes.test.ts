import { ADMIN_MESSAGES, LOTE_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_log, virgin_codes } from '../../db/schema/index.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { decodeStickers, pdfInfo, renderPage } from '../qrcode/sticker-sheet.testkit.ts';
import { sheetLayout } from '../qrcode/sticker-sheet.ts';

/**
 * Sticker batches (issue 9 "Sticker batches", "Proof"): admins only; a
 * batch draws random unclaimed codes, is audited, counts the codes
 * registrations claim, and prints as an A4 PDF whose QR codes decode back
 * to `{PUBLIC_ORIGIN}/code/{code}`.
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
});

type Auth = { authorization: string };
const inject = (method: 'GET' | 'POST', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });

interface Lote {
  id: number;
  quantidade: number;
  usados: number;
  criado_por: string | null;
  created_at: string;
}

async function createLote(auth: Auth, quantidade: number): Promise<Lote> {
  const res = await inject('POST', '/api/admin/lotes', auth, { quantidade });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { lote: Lote }).lote;
}

async function codesOf(auth: Auth, id: number): Promise<{ code: string; usado: boolean }[]> {
  const res = await inject('GET', `/api/admin/lotes/${id}`, auth);
  expect(res.statusCode).toBe(200);
  return (res.json() as { codigos: { code: string; usado: boolean }[] }).codigos;
}

describe(`/api/admin/lotes access (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest, 403 to a patient, a doctor and support, on every route', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const support = await createStaff(t, 'support');
    const admin = await createStaff(t, 'admin');
    const lote = await createLote(admin.auth, 2);
    const routes: ['GET' | 'POST', string][] = [
      ['POST', '/api/admin/lotes'],
      ['GET', '/api/admin/lotes'],
      ['GET', `/api/admin/lotes/${lote.id}`],
      ['GET', `/api/admin/lotes/${lote.id}/pdf`],
    ];
    for (const [method, url] of routes) {
      const body = method === 'POST' ? { quantidade: 5 } : undefined;
      const guest = await inject(method, url, undefined, body);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const refused = await inject(method, url, who, body);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
      const limited = await inject(method, url, support.auth, body);
      expect(limited.statusCode, url).toBe(403);
      expect(limited.json()).toEqual({ message: ADMIN_MESSAGES.notAllowed });
    }
    // Nobody but the admin made a batch.
    const list = await inject('GET', '/api/admin/lotes', admin.auth);
    expect((list.json() as { lotes: Lote[] }).lotes.map((l) => l.id)).toEqual([lote.id]);
  });
});

describe(`POST /api/admin/lotes (${TEST_ENGINE})`, () => {
  it('draws N random unclaimed codes, unique and not held by any user, and audits the batch', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await createPatient(t.app);
    const res = await inject('POST', '/api/admin/lotes', admin.auth, { quantidade: 40 });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { message, lote } = res.json() as { message: string; lote: Lote };
    expect(message).toBe(LOTE_MESSAGES.criado);
    expect(lote).toMatchObject({ quantidade: 40, usados: 0, criado_por: admin.email });

    const codigos = await codesOf(admin.auth, lote.id);
    expect(codigos).toHaveLength(40);
    const codes = codigos.map((c) => c.code);
    expect(new Set(codes).size).toBe(40);
    for (const code of codes) expect(code).toMatch(/^\d{3}[A-Z]{2}\d{3}$/);
    expect(codes).not.toContain(patient.user.code);
    expect(codigos.every((c) => !c.usado)).toBe(true);
    // Random, never sequential: the codes do not all share their letters, nor follow one another.
    expect(new Set(codes.map((c) => c.slice(3, 5))).size).toBeGreaterThan(1);
    // Each is an unclaimed sticker the public route knows.
    const virgin = await inject('GET', `/api/qrcode/virgins/${codes[0]}`);
    expect(virgin.json()).toEqual({ virgin: { code: codes[0] } });

    const rows = await t.database.db.select().from(virgin_codes).where(eq(virgin_codes.lote_id, lote.id));
    expect(rows).toHaveLength(40);
    const logged = await t.database.db.select().from(audit_log).where(eq(audit_log.entidade, 'lote'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor_user_id: admin.userId,
      actor_email: admin.email,
      acao: 'lote.criar',
      entidade_id: String(lote.id),
      antes: null,
      depois: { quantidade: 40 },
    });
  });

  it('accepts 1 and 1000 codes and refuses 0, 1001 and a fraction with 422, creating nothing', async () => {
    const admin = await createStaff(t, 'admin');
    expect((await createLote(admin.auth, 1)).quantidade).toBe(1);
    expect((await createLote(admin.auth, 1000)).quantidade).toBe(1000);
    for (const quantidade of [0, 1001, 2.5]) {
      const res = await inject('POST', '/api/admin/lotes', admin.auth, { quantidade });
      expect(res.statusCode, String(quantidade)).toBe(422);
      expect(res.json()).toEqual({
        message: LOTE_MESSAGES.quantidadeFaixa,
        errors: { quantidade: [LOTE_MESSAGES.quantidadeFaixa] },
      });
    }
    const missing = await inject('POST', '/api/admin/lotes', admin.auth, {});
    expect(missing.json()).toMatchObject({ errors: { quantidade: [LOTE_MESSAGES.quantidade] } });
    const all = await t.database.db.select({ code: virgin_codes.code }).from(virgin_codes);
    expect(all).toHaveLength(1001);
    const logged = await t.database.db.select().from(audit_log);
    expect(logged).toHaveLength(2);
  });
});

describe(`GET /api/admin/lotes (${TEST_ENGINE})`, () => {
  it('lists the batches newest first, and a batch counts the codes registrations claimed', async () => {
    const admin = await createStaff(t, 'admin');
    const first = await createLote(admin.auth, 3);
    const second = await createLote(admin.auth, 5);
    const [code] = (await codesOf(admin.auth, first.id)).map((c) => c.code);
    await createPatient(t.app, { code: code?.toLowerCase().replace(/^(\d{3})/, '$1 ') });

    const res = await inject('GET', '/api/admin/lotes', admin.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { lotes: Lote[]; next: number | null };
    expect(body.next).toBeNull();
    expect(body.lotes.map((l) => [l.id, l.quantidade, l.usados])).toEqual([
      [second.id, 5, 0],
      [first.id, 3, 1],
    ]);
    const codigos = await codesOf(admin.auth, first.id);
    expect(codigos.find((c) => c.code === code)).toEqual({ code, usado: true });
    expect(codigos.filter((c) => c.usado)).toHaveLength(1);
  });

  it('pages 50 at a time with next', async () => {
    const admin = await createStaff(t, 'admin');
    for (let i = 0; i < 51; i++) await createLote(admin.auth, 1);
    const page1 = (await inject('GET', '/api/admin/lotes', admin.auth)).json() as {
      lotes: Lote[];
      next: number | null;
    };
    expect(page1.lotes).toHaveLength(50);
    expect(page1.next).toBe(page1.lotes.at(-1)?.id);
    const page2 = (await inject('GET', `/api/admin/lotes?before=${page1.next}`, admin.auth)).json() as {
      lotes: Lote[];
      next: number | null;
    };
    expect(page2.lotes).toHaveLength(1);
    expect(page2.next).toBeNull();
    expect(page2.lotes[0]?.id).toBeLessThan(page1.lotes.at(-1)?.id ?? 0);
  });

  it('answers 404 for an unknown batch', async () => {
    const admin = await createStaff(t, 'admin');
    for (const url of ['/api/admin/lotes/999', '/api/admin/lotes/999/pdf']) {
      const res = await inject('GET', url, admin.auth);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: LOTE_MESSAGES.naoEncontrado });
    }
  });
});

describe(`GET /api/admin/lotes/:id/pdf (${TEST_ENGINE})`, () => {
  it('answers an A4 PDF whose rendered stickers decode to {PUBLIC_ORIGIN}/code/{code} of the batch', async () => {
    const admin = await createStaff(t, 'admin');
    const lote = await createLote(admin.auth, 30);
    const codes = (await codesOf(admin.auth, lote.id)).map((c) => c.code);
    const res = await inject('GET', `/api/admin/lotes/${lote.id}/pdf`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pulso-lote-${lote.id}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // 28 stickers of 40×30 mm fit an A4 page: 30 take two.
    expect(await pdfInfo(pdf)).toEqual({
      pages: 2,
      size: expect.stringMatching(/^595\.2\d* x 841\.8\d* pts \(A4\)/),
    });

    const png = await renderPage(pdf, 1);
    const meta = await sharp(png).metadata();
    // A4 at 150 dpi.
    expect([meta.width, meta.height]).toEqual([1241, 1754]);
    const places = sheetLayout(codes.map((code) => ({ code, tamanho: { largura: 40, altura: 30 } })));
    const onPage1 = places.filter((p) => p.pagina === 0);
    expect(onPage1).toHaveLength(28);
    const decoded = await decodeStickers(png, onPage1);
    expect(decoded).toEqual(onPage1.map((p) => `http://pulso.test/code/${p.code}`));
    // Page 2 holds the last two.
    const page2 = places.filter((p) => p.pagina === 1);
    expect(await decodeStickers(await renderPage(pdf, 2), page2)).toEqual(
      codes.slice(28).map((c) => `http://pulso.test/code/${c}`),
    );
  });
});
