import {
  ADMIN_MESSAGES,
  ADMIN_MEDICO_MESSAGES as AM,
  AUTH_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { PASSWORD_MESSAGES, passwordProblem } from '@pulso/domain/password-strength';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_log, medicos } from '../../db/schema/index.ts';
import { createPatient, createStaff } from '../../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';

/**
 * `/api/admin/medicos` (issue 9 "Doctors"): who may read and change, the
 * creation's rules (those of `npm run medico:create`), edit, verify (the
 * patients' 'verificado'), suspend (not listed, no /medico), the one
 * support doctor, and the audit rows.
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

type Auth = { authorization: string } | undefined;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(auth ? { headers: auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function callers() {
  const patient = await createPatient(t.app);
  const doctor = await createDoctor(t, { name: 'Dra. Beatriz Lima', crm: { numero: '123456', uf: 'SP' } });
  const admin = await createStaff(t, 'admin');
  const support = await createStaff(t, 'support');
  return { patient, doctor, admin, support };
}

const novo = (over: Record<string, unknown> = {}) => ({
  name: '  Dr.  Carlos   Souza ',
  email: 'Carlos.Souza@Exemplo.com.br',
  password: 'senha-segura-1',
  crms: '0654321/rj, 111/SP',
  especialidades: ['cardiologia', 'Pediatria'],
  cidade_id: '3550308',
  clinicas: ['Clínica Vida'],
  suporte: false,
  ...over,
});

async function auditRows() {
  return t.database.db.select().from(audit_log).where(eq(audit_log.entidade, 'medico')).orderBy(audit_log.id);
}

describe(`/api/admin/medicos access (${TEST_ENGINE})`, () => {
  it('answers 401 to a guest, 403 to a patient and a doctor; support reads but does not change', async () => {
    const { patient, doctor, support, admin } = await callers();
    const id = doctor.medicoId;
    const routes: ['GET' | 'POST' | 'PUT', string, unknown, boolean][] = [
      ['GET', '/api/admin/medicos', undefined, true],
      ['GET', `/api/admin/medicos/${id}`, undefined, true],
      ['POST', '/api/admin/medicos', novo(), false],
      [
        'PUT',
        `/api/admin/medicos/${id}`,
        { name: 'X Y', crms: '1/SP', especialidades: [], clinicas: [] },
        false,
      ],
      ['PUT', `/api/admin/medicos/${id}/verificacao`, { ativo: true }, false],
      ['PUT', `/api/admin/medicos/${id}/suspensao`, { ativo: true }, false],
      ['PUT', `/api/admin/medicos/${id}/suporte`, { ativo: true }, false],
    ];
    for (const [method, url, body, supportMay] of routes) {
      const guest = await call(method, url, undefined, body);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      for (const who of [patient.auth, doctor.auth]) {
        const refused = await call(method, url, who, body);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
      }
      const bySupport = await call(method, url, support.auth, body);
      if (supportMay) expect(bySupport.statusCode, url).toBe(200);
      else {
        expect(bySupport.statusCode, url).toBe(403);
        expect(bySupport.json()).toEqual({ message: ADMIN_MESSAGES.notAllowed });
      }
    }
    // Nothing support tried changed the doctor.
    const detail = (await call('GET', `/api/admin/medicos/${id}`, admin.auth)).json().medico;
    expect(detail).toMatchObject({ verified_at: null, suspended_at: null, suporte: false });
    expect(await auditRows()).toEqual([]);
  });
});

describe('GET /api/admin/medicos', () => {
  it('searches by name and CRM, filters by suspension and verification, pages 30 at a time', async () => {
    const { admin, support } = await callers();
    await createDoctor(t, { name: 'Dr. Érico Álvares', crm: { numero: '777', uf: 'MG' }, verified: true });
    await createDoctor(t, { name: 'Dra. Suspensa Silva', suspended: true });
    const list = async (qs: string) =>
      (await call('GET', `/api/admin/medicos?${qs}`, support.auth)).json() as {
        medicos: { name: string; email: string; crms: unknown[] }[];
        next: number | null;
      };
    const all = await list('');
    expect(all.medicos.map((m) => m.name)).toEqual([
      'Dr. Érico Álvares',
      'Dra. Beatriz Lima',
      'Dra. Suspensa Silva',
    ]);
    expect(all.next).toBeNull();
    expect((await list('q=erico')).medicos.map((m) => m.name)).toEqual(['Dr. Érico Álvares']);
    expect((await list('q=777%2FMG')).medicos.map((m) => m.name)).toEqual(['Dr. Érico Álvares']);
    expect((await list('q=777%2FSP')).medicos).toEqual([]);
    expect((await list('q=123456')).medicos[0]).toMatchObject({
      name: 'Dra. Beatriz Lima',
      crms: [{ numero: '123456', uf: 'SP' }],
    });
    expect((await list('status=suspensos')).medicos.map((m) => m.name)).toEqual(['Dra. Suspensa Silva']);
    expect((await list('status=ativos')).medicos).toHaveLength(2);
    expect((await list('verificacao=verificados')).medicos.map((m) => m.name)).toEqual(['Dr. Érico Álvares']);
    expect((await list('verificacao=nao_verificados')).medicos).toHaveLength(2);
    expect((await call('GET', '/api/admin/medicos?status=x', admin.auth)).statusCode).toBe(422);

    for (let i = 0; i < 30; i++) await createDoctor(t, { name: `Dr. Zé ${String(i).padStart(2, '0')}` });
    const first = await list('');
    expect(first.medicos).toHaveLength(30);
    expect(first.next).toBe(30);
    const second = await list('offset=30');
    expect(second.medicos).toHaveLength(3);
    expect(second.next).toBeNull();
  });

  it('answers 404 for an unknown doctor', async () => {
    const { admin } = await callers();
    const res = await call('GET', '/api/admin/medicos/999999', admin.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: AM.notFound });
  });
});

describe('POST /api/admin/medicos', () => {
  it('creates a doctor, not yet verified, who signs in at /medico; audited', async () => {
    const { admin } = await callers();
    const res = await call('POST', '/api/admin/medicos', admin.auth, novo());
    expect(res.statusCode, res.body).toBe(201);
    const medico = res.json().medico;
    expect(medico).toMatchObject({
      name: 'Dr. Carlos Souza',
      email: 'carlos.souza@exemplo.com.br',
      crms: [
        { numero: '654321', uf: 'RJ' },
        { numero: '111', uf: 'SP' },
      ],
      especialidades: ['Cardiologia', 'Pediatria'],
      cidade_id: 3550308,
      cidade: 'São Paulo - SP',
      clinicas: ['Clínica Vida'],
      suporte: false,
      verified_at: null,
      suspended_at: null,
    });
    const login = await call('POST', '/api/login', undefined, {
      email: 'carlos.souza@exemplo.com.br',
      password: 'senha-segura-1',
    });
    expect(login.statusCode).toBe(200);
    const me = await call('GET', '/api/medico/me', { authorization: `Bearer ${login.json().token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().medico).toMatchObject({ id: medico.id, verificado: false, suporte: false });
    const [row] = await auditRows();
    expect(row).toMatchObject({
      acao: 'medico.criar',
      actor_email: admin.email,
      entidade_id: String(medico.id),
      depois: expect.objectContaining({
        email: 'carlos.souza@exemplo.com.br',
        crms: ['654321/RJ', '111/SP'],
      }),
    });
    expect(JSON.stringify(row?.depois)).not.toContain('senha-segura-1');
  });

  it('refuses what the CLI refuses, changing nothing', async () => {
    const { admin, patient } = await callers();
    const post = (over: Record<string, unknown>) =>
      call('POST', '/api/admin/medicos', admin.auth, novo(over));
    const invalid = await post({ name: ' ', email: 'x@y', password: 'curta', crms: '12/XX' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      name: [AUTH_MESSAGES.name],
      email: [AUTH_MESSAGES.emailInvalid],
      password: [AUTH_MESSAGES.passwordShort],
      crms: [AM.crmInvalid],
    });
    const noCrm = await post({ crms: [], cidade_id: '' });
    expect(noCrm.json().errors).toMatchObject({ crms: [AM.crmRequired], cidade_id: [AM.clinicaSemCidade] });
    const email = await post({ email: patient.user.email });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ message: AM.emailTaken });
    const crm = await post({ crms: '123456/SP' });
    expect(crm.statusCode).toBe(422);
    expect(crm.json().errors.crms[0]).toContain(AM.crmTaken);
    const specialty = await post({ especialidades: ['Astrologia'] });
    expect(specialty.statusCode).toBe(422);
    expect(specialty.json().errors.especialidades[0]).toContain('Astrologia');
    const city = await post({ cidade_id: '9999999' });
    expect(city.json().errors).toEqual({ cidade_id: [AM.cidadeUnknown] });
    // The support pseudo-doctor needs no CRM; there is only one.
    expect((await post({ email: 'suporte@pulso.test', crms: [], suporte: true })).statusCode).toBe(201);
    const second = await post({ email: 'outro@pulso.test', crms: [], suporte: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(AM.suporteExists);
    expect(await t.database.db.$count(medicos)).toBe(2);
    expect((await auditRows()).map((r) => r.acao)).toEqual(['medico.criar']);
  });
});

describe('POST /api/admin/medicos: the password rule', () => {
  it('refuses a weak password and one holding the doctor’s name or e-mail, creating nothing', async () => {
    const { admin } = await callers();
    const before = await t.database.db.$count(medicos);
    const post = (password: string) =>
      call('POST', '/api/admin/medicos', admin.auth, novo({ password, crms: '777/SP' }));
    const weak = await post('12345678');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({ password: [passwordProblem('12345678')] });
    for (const personal of ['Carlos.Souza@Exemplo.com.br', 'dr-souza-atende-bem', 'carlos-e-o-melhor-42']) {
      const res = await post(personal);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: [PASSWORD_MESSAGES.personal] });
    }
    expect(await t.database.db.$count(medicos)).toBe(before);
    expect(await auditRows()).toEqual([]);
    expect((await post('cavalo correto bateria grampo')).statusCode).toBe(201);
  });
});

describe('PUT /api/admin/medicos/:id', () => {
  it('replaces name, CRMs, specialties, city and clinics; audits only what changed', async () => {
    const { admin, doctor } = await callers();
    const other = await createDoctor(t, { crm: { numero: '999', uf: 'BA' } });
    const url = `/api/admin/medicos/${doctor.medicoId}`;
    const body = {
      name: 'Dra. Beatriz Lima Souza',
      crms: [{ numero: '123456', uf: 'SP' }, '42/RJ'],
      especialidades: ['Dermatologia'],
      cidade_id: 3550308,
      clinicas: ['Clínica Nova'],
    };
    const res = await call('PUT', url, admin.auth, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: AM.saved,
      medico: {
        name: 'Dra. Beatriz Lima Souza',
        crms: [
          { numero: '123456', uf: 'SP' },
          { numero: '42', uf: 'RJ' },
        ],
        especialidades: ['Dermatologia'],
        cidade: 'São Paulo - SP',
        clinicas: ['Clínica Nova'],
      },
    });
    const [row] = await auditRows();
    expect(row?.acao).toBe('medico.editar');
    expect(row?.antes).toEqual({
      name: 'Dra. Beatriz Lima',
      crms: ['123456/SP'],
      especialidades: [],
      cidade_id: null,
      clinicas: [],
    });
    // The same again records nothing.
    expect((await call('PUT', url, admin.auth, body)).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(1);
    // Patients' search finds the new name.
    const patient = await createPatient(t.app);
    const search = await call('GET', '/api/medicos/search/souza', patient.auth);
    expect(search.json().medicos.map((m: { id: number }) => m.id)).toEqual([doctor.medicoId]);

    const taken = await call('PUT', url, admin.auth, { ...body, crms: '999/BA' });
    expect(taken.statusCode).toBe(422);
    expect(other.medicoId).toBeGreaterThan(0);
    const none = await call('PUT', url, admin.auth, { ...body, crms: [] });
    expect(none.json().errors).toEqual({ crms: [AM.crmRequired] });
    expect((await call('PUT', '/api/admin/medicos/999999', admin.auth, body)).statusCode).toBe(404);
  });
});

describe('verify, suspend, support flag', () => {
  it('verifying shows the patients a verified doctor; undoing removes it; audited', async () => {
    const { admin, doctor, patient } = await callers();
    const view = async () =>
      (await call('GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth)).json().medico;
    expect((await view()).verificado).toBe(false);
    const res = await call('PUT', `/api/admin/medicos/${doctor.medicoId}/verificacao`, admin.auth, {
      ativo: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AM.verified);
    expect(res.json().medico.verified_at).toEqual(expect.any(String));
    expect((await view()).verificado).toBe(true);
    // Twice is once.
    await call('PUT', `/api/admin/medicos/${doctor.medicoId}/verificacao`, admin.auth, { ativo: true });
    await call('PUT', `/api/admin/medicos/${doctor.medicoId}/verificacao`, admin.auth, { ativo: false });
    expect((await view()).verificado).toBe(false);
    expect((await auditRows()).map((r) => r.acao)).toEqual(['medico.verificar', 'medico.desverificar']);
  });

  it('a suspended doctor disappears from search, cannot open /medico, and comes back when reactivated', async () => {
    const { admin, doctor, patient } = await callers();
    const found = async () =>
      (await call('GET', '/api/medicos/search/beatriz', patient.auth)).json().medicos.length;
    const listed = async () =>
      (await call('GET', '/api/telemedicina/medicos/beatriz', patient.auth)).json().medicos?.length ?? 0;
    expect(await found()).toBe(1);
    expect(await listed()).toBe(1);
    const url = `/api/admin/medicos/${doctor.medicoId}/suspensao`;
    const res = await call('PUT', url, admin.auth, { ativo: true });
    expect(res.json()).toMatchObject({ message: AM.suspended, medico: { suspended_at: expect.any(String) } });
    expect(await found()).toBe(0);
    expect(await listed()).toBe(0);
    const profile = await call('GET', `/api/telemedicina/medico/${doctor.medicoId}`, patient.auth);
    expect(profile.statusCode).toBe(404);
    const area = await call('GET', '/api/medico/me', doctor.auth);
    expect(area.statusCode).toBe(403);
    expect(area.json()).toEqual({ message: AM.suspendedArea });
    const [row] = await t.database.db.select().from(medicos).where(eq(medicos.id, doctor.medicoId));
    expect(row?.status).toBe(0);

    expect((await call('PUT', url, admin.auth, { ativo: false })).json().message).toBe(AM.reactivated);
    expect(await found()).toBe(1);
    expect((await call('GET', '/api/medico/me', doctor.auth)).statusCode).toBe(200);
    expect((await auditRows()).map((r) => [r.acao, r.depois])).toEqual([
      ['medico.suspender', { suspended_at: expect.any(String) }],
      ['medico.reativar', { suspended_at: null }],
    ]);
  });

  it('keeps one support doctor at a time', async () => {
    const { admin, doctor } = await callers();
    const other = await createDoctor(t);
    const set = (id: number, ativo: boolean) =>
      call('PUT', `/api/admin/medicos/${id}/suporte`, admin.auth, { ativo });
    const first = await set(doctor.medicoId, true);
    expect(first.json()).toMatchObject({ message: AM.suporteSet, medico: { suporte: true } });
    const second = await set(other.medicoId, true);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: AM.suporteExists });
    expect((await set(doctor.medicoId, false)).json().medico.suporte).toBe(false);
    expect((await set(other.medicoId, true)).statusCode).toBe(200);
    expect((await auditRows()).map((r) => r.depois)).toEqual([
      { suporte: true },
      { suporte: false },
      { suporte: true },
    ]);
    expect((await set(999999, true)).statusCode).toBe(404);
  });
});
