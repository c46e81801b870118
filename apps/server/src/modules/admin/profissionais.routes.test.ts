import { ADMIN_MESSAGES, ADMIN_PROFISSIONAL_MESSAGES as AM, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_log, users } from '../../db/schema/index.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { jpeg, multipart } from '../timeline/timeline.test-support.ts';

/**
 * `/api/admin/profissionais` (issue 9 "Emergency professionals"): admin
 * reviews credentials (support, patients and doctors are refused), sees the
 * document photo through a signed URL, verifies or rejects with a reason;
 * only a verified professional reads level 3 of the public view.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '10000' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

type Auth = { authorization: string } | undefined;
type Patient = Awaited<ReturnType<typeof createPatient>>;
const call = (method: 'GET' | 'PUT', url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });

/** Registers `p` as an emergency professional through `POST /api/profissional`, as the owner does. */
async function register(p: Patient, fields = { tipo: 'S', numero: 'SAMU 4521' }): Promise<number> {
  const body = multipart(fields, [
    { field: 'documento', filename: 'documento.jpg', type: 'image/jpeg', bytes: await jpeg() },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profissional',
    payload: body.payload,
    headers: { ...body.headers, ...p.auth },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().profissional.id;
}

const ALERGIA = 'Alergia a dipirona';
async function patientAtLevel3(): Promise<Patient> {
  const patient = await createPatient(t.app);
  await t.database.db
    .update(users)
    .set({ permissoes_saude: 3, alergias: ALERGIA })
    .where(eq(users.id, patient.user.id));
  return patient;
}
const saudeOpen = async (patient: Patient, viewer: Patient) => {
  const res = await t.app.inject({ url: `/api/code/${patient.user.code}`, headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return res.json().acesso.saude as boolean;
};

describe(`/api/admin/profissionais (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest, 403 to a patient, a doctor and support', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const support = await createStaff(t, 'support');
    const id = await register(patient);
    const routes: ['GET' | 'PUT', string, object | undefined][] = [
      ['GET', '/api/admin/profissionais', undefined],
      ['PUT', `/api/admin/profissionais/${id}`, { status: 'verificado' }],
    ];
    for (const [method, url, body] of routes) {
      const guest = await call(method, url, undefined, body);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const res = await call(method, url, who, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
      const bySupport = await call(method, url, support.auth, body);
      expect(bySupport.statusCode).toBe(403);
      expect(bySupport.json()).toEqual({ message: ADMIN_MESSAGES.notAllowed });
    }
    // Nothing the refused callers tried changed the credential.
    expect((await call('GET', '/api/profissional', patient.auth)).json().profissional.status).toBe(
      'pendente',
    );
  });

  it('lists pending first with the owner and a signed URL of the photo', async () => {
    const admin = await createStaff(t, 'admin');
    const first = await createPatient(t.app, { name: 'Primeiro Bombeiro' });
    const second = await createPatient(t.app, { name: 'Segunda Samu' });
    const third = await createPatient(t.app, { name: 'Terceiro Médico' });
    const a = await register(first, { tipo: 'B', numero: 'BM 1' });
    const b = await register(second);
    const c = await register(third, { tipo: 'M', numero: 'CRM 3' });
    await call('PUT', `/api/admin/profissionais/${a}`, admin.auth, { status: 'verificado' });
    const res = await call('GET', '/api/admin/profissionais', admin.auth);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.profissionais.map((p: { id: number }) => p.id)).toEqual([b, c, a]);
    expect(list.next).toBeNull();
    expect(list.profissionais[0]).toMatchObject({
      user: { id: second.user.id, name: 'Segunda Samu', email: second.user.email },
      tipo: 'S',
      numero: 'SAMU 4521',
      status: 'pendente',
      motivo_rejeicao: null,
      reviewed_at: null,
    });
    const url = list.profissionais[0].documento as string;
    expect(url).toMatch(/^\/api\/profissional\/documento\/\d+\/\d+\/[\w-]+$/);
    const photo = await t.app.inject({ url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // A forged signature opens nothing.
    expect((await t.app.inject({ url: `${url.slice(0, -4)}AAAA` })).statusCode).toBe(403);
    const pending = await call('GET', '/api/admin/profissionais?status=pendente', admin.auth);
    expect(pending.json().profissionais.map((p: { id: number }) => p.id)).toEqual([b, c]);
  });

  it('verifying opens level 3; rejecting needs a reason and closes it; audited', async () => {
    const admin = await createStaff(t, 'admin');
    const patient = await patientAtLevel3();
    const samu = await createPatient(t.app);
    const id = await register(samu);
    // Registered but pending: not yet a health professional.
    expect(await saudeOpen(patient, samu)).toBe(false);

    const url = `/api/admin/profissionais/${id}`;
    const verified = await call('PUT', url, admin.auth, { status: 'verificado', motivo: 'ignorado' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: AM.verified,
      profissional: { status: 'verificado', motivo_rejeicao: null, reviewed_at: expect.any(String) },
    });
    expect(await saudeOpen(patient, samu)).toBe(true);
    const seen = await t.app.inject({ url: `/api/code/${patient.user.code}`, headers: samu.auth });
    expect(seen.json().user.saude).toMatchObject({ alergias: ALERGIA });

    const noReason = await call('PUT', url, admin.auth, { status: 'rejeitado', motivo: '   ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ motivo: [AM.motivo] });
    const rejected = await call('PUT', url, admin.auth, {
      status: 'rejeitado',
      motivo: 'Documento ilegível',
    });
    expect(rejected.json()).toMatchObject({
      message: AM.rejected,
      profissional: { status: 'rejeitado', motivo_rejeicao: 'Documento ilegível' },
    });
    expect(await saudeOpen(patient, samu)).toBe(false);
    expect((await call('GET', '/api/profissional', samu.auth)).json().profissional.status).toBe('rejeitado');

    const rows = await t.database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.entidade, 'profissional'))
      .orderBy(audit_log.id);
    expect(rows.map((r) => [r.acao, r.entidade_id, r.depois])).toEqual([
      ['profissional.verificar', String(id), { status: 'verificado', motivo_rejeicao: null }],
      ['profissional.rejeitar', String(id), { status: 'rejeitado', motivo_rejeicao: 'Documento ilegível' }],
    ]);
    const missing = await call('PUT', '/api/admin/profissionais/999999', admin.auth, {
      status: 'verificado',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: AM.notFound });
  });
});
