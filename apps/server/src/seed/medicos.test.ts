import { isCanonicalCode, type MedicoOption } from '@pulso/domain';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clinicas,
  especialidades,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  users,
} from '../db/schema/index.ts';
import { searchKey } from '../db/search-key.ts';
import { createPatient } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { SUPPORT_DOCTOR, seedDemoDoctors, seedSupportDoctor } from './medicos.ts';
import { DEMO_DOCTORS, DEMO_EMAIL_DOMAIN } from './medicos-demo.ts';

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

/** Every demo account with its doctor profile, CRMs and specialties, by e-mail. */
async function snapshot() {
  const db = t.database.db;
  const rows = await db
    .select({
      user_id: users.id,
      name: users.name,
      email: users.email,
      code: users.code,
      password_hash: users.password_hash,
      email_verified_at: users.email_verified_at,
      is_active: users.is_active,
      medico_id: medicos.id,
      busca: medicos.busca,
      cidade_id: medicos.cidade_id,
      status: medicos.status,
      suporte: medicos.suporte,
      suspended_at: medicos.suspended_at,
    })
    .from(users)
    .innerJoin(medicos, eq(medicos.user_id, users.id))
    .orderBy(asc(users.email));
  const ids = rows.map((r) => r.medico_id);
  const crms = await db.select().from(medico_crms).where(inArray(medico_crms.medico_id, ids));
  const specs = await db
    .select({ medico_id: medico_especialidades.medico_id, nome: especialidades.nome })
    .from(medico_especialidades)
    .innerJoin(especialidades, eq(especialidades.id, medico_especialidades.especialidade_id))
    .where(inArray(medico_especialidades.medico_id, ids));
  const clinics = await db
    .select({ medico_id: medico_clinicas.medico_id, nome: clinicas.nome, cidade_id: clinicas.cidade_id })
    .from(medico_clinicas)
    .innerJoin(clinicas, eq(clinicas.id, medico_clinicas.clinica_id))
    .where(inArray(medico_clinicas.medico_id, ids));
  return rows.map((r) => ({
    ...r,
    crms: crms.filter((c) => c.medico_id === r.medico_id).map((c) => ({ numero: c.numero, uf: c.uf })),
    especialidades: specs
      .filter((s) => s.medico_id === r.medico_id)
      .map((s) => s.nome)
      .sort(),
    clinicas: clinics
      .filter((c) => c.medico_id === r.medico_id)
      .map((c) => ({ nome: c.nome, cidade_id: c.cidade_id }))
      .sort((a, b) => a.nome.localeCompare(b.nome)),
  }));
}

describe('seedDemoDoctors', () => {
  it('creates each demo doctor as a verified, active account with its doctor profile', async () => {
    await seedDemoDoctors(t.database.db);
    const seeded = await snapshot();
    expect(seeded).toHaveLength(DEMO_DOCTORS.length);
    expect(DEMO_DOCTORS.length).toBeGreaterThanOrEqual(6);
    for (const doctor of DEMO_DOCTORS) {
      const row = seeded.find((r) => r.email === doctor.email);
      expect(row, doctor.email).toBeDefined();
      expect(row).toMatchObject({
        name: doctor.name,
        is_active: true,
        busca: searchKey(doctor.name),
        cidade_id: doctor.cidade_id,
        status: doctor.status,
        suporte: false,
        suspended_at: null,
        crms: [doctor.crm],
        especialidades: [...doctor.especialidades].sort(),
        // Every clinic in the doctor's own city.
        clinicas: [...doctor.clinicas]
          .sort((a, b) => a.localeCompare(b))
          .map((nome) => ({ nome, cidade_id: doctor.cidade_id })),
      });
      expect(doctor.clinicas.length, doctor.email).toBeGreaterThan(0);
      expect(row?.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(row?.email_verified_at).toBeInstanceOf(Date);
      expect(isCanonicalCode(row?.code ?? '')).toBe(true);
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    }
    expect(new Set(seeded.map((r) => r.code)).size).toBe(seeded.length);
    // Different cities and a spread of statuses, for the search wizard and its ordering.
    expect(new Set(seeded.map((r) => r.cidade_id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(seeded.map((r) => r.status))).toEqual(new Set([0, 1, 2]));
  });

  it('creates each clinic once, shared by the doctors of that city who work there', async () => {
    await seedDemoDoctors(t.database.db);
    const rows = await t.database.db.select().from(clinicas);
    const names = new Set(DEMO_DOCTORS.flatMap((d) => d.clinicas));
    expect(rows).toHaveLength(names.size);
    const shared = DEMO_DOCTORS.filter((d) => d.clinicas.includes('Centro Médico Vila Mariana'));
    expect(shared.length).toBeGreaterThanOrEqual(2);
    const [vila] = rows.filter((r) => r.nome === 'Centro Médico Vila Mariana');
    expect(vila).toMatchObject({ busca: searchKey('Centro Médico Vila Mariana'), cidade_id: 3550308 });
    const links = await t.database.db
      .select()
      .from(medico_clinicas)
      .where(eq(medico_clinicas.clinica_id, vila?.id ?? -1));
    expect(links).toHaveLength(shared.length);
  });

  it('gives the clinics to demo doctors seeded before clinics existed', async () => {
    await seedDemoDoctors(t.database.db);
    const complete = await snapshot();
    await t.database.db.delete(medico_clinicas);
    expect((await snapshot()).every((r) => r.clinicas.length === 0)).toBe(true);
    await seedDemoDoctors(t.database.db);
    expect(await snapshot()).toEqual(complete);
  });

  it('is idempotent: a second run changes nothing', async () => {
    await seedDemoDoctors(t.database.db);
    const first = await snapshot();
    await seedDemoDoctors(t.database.db);
    expect(await snapshot()).toEqual(first);
    const [accounts] = await t.database.db.select({ n: count() }).from(users);
    expect(accounts?.n).toBe(DEMO_DOCTORS.length);
    const [clinics] = await t.database.db.select({ n: count() }).from(clinicas);
    expect(clinics?.n).toBe(new Set(DEMO_DOCTORS.flatMap((d) => d.clinicas)).size);
  });

  it('makes the doctors findable by the autocomplete, accents ignored', async () => {
    await seedDemoDoctors(t.database.db);
    const p = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/medicos/search/jose', headers: p.auth });
    expect(res.statusCode).toBe(200);
    const found = res.json().medicos as MedicoOption[];
    expect(found).toEqual([
      {
        id: expect.any(Number),
        name: 'José Ricardo Albuquerque',
        especialidade: 'Ortopedia e Traumatologia',
        crms: [{ numero: '21457', uf: 'PE' }],
      },
    ]);
    const joao = await t.app.inject({ url: '/api/medicos/search/JOAO', headers: p.auth });
    expect((joao.json().medicos as MedicoOption[]).map((m) => m.name)).toEqual(['João Pedro Cavalcanti']);
  });

  it('never turns an existing account with a demo e-mail into a doctor', async () => {
    const [doctor] = DEMO_DOCTORS;
    if (!doctor) throw new Error('no demo doctors');
    const p = await createPatient(t.app, { email: doctor.email, name: 'Alguém Qualquer' });
    await seedDemoDoctors(t.database.db);
    const [profile] = await t.database.db.select().from(medicos).where(eq(medicos.user_id, p.user.id));
    expect(profile).toBeUndefined();
    const seeded = await snapshot();
    expect(seeded).toHaveLength(DEMO_DOCTORS.length - 1);
    expect(seeded.map((r) => r.email)).not.toContain(doctor.email);
  });

  it('gives no known password: the accounts cannot sign in', async () => {
    await seedDemoDoctors(t.database.db);
    for (const password of ['', 'senha-segura-1', DEMO_DOCTORS[0]?.email ?? '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_DOCTORS[0]?.email, password },
      });
      expect(res.statusCode, password).toBe(422);
    }
  });
});

describe('seedSupportDoctor', () => {
  it('creates the support pseudo-doctor once: a verified account without a usable password', async () => {
    expect(await seedSupportDoctor(t.database.db)).toBe('created');
    const [support] = await snapshot();
    expect(support).toMatchObject({
      name: SUPPORT_DOCTOR.name,
      email: SUPPORT_DOCTOR.email,
      is_active: true,
      busca: 'suporte pulso',
      cidade_id: null,
      status: 2,
      suporte: true,
      suspended_at: null,
      crms: [],
      especialidades: [],
      clinicas: [],
    });
    expect(support?.email_verified_at).toBeInstanceOf(Date);
    expect(isCanonicalCode(support?.code ?? '')).toBe(true);
    expect(support?.password_hash).toMatch(/^\$argon2id\$/);

    expect(await seedSupportDoctor(t.database.db)).toBe('present');
    expect(await snapshot()).toEqual([support]);
    for (const password of ['', 'senha-segura-1', SUPPORT_DOCTOR.email]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: SUPPORT_DOCTOR.email, password },
      });
      expect(res.statusCode, password).toBe(422);
    }
  });

  it('creates it with SUPORTE_EMAIL, and moves the seeded reserved address there once it is set', async () => {
    expect(await seedSupportDoctor(t.database.db, 'equipe@clinica.example')).toBe('created');
    expect((await snapshot())[0]?.email).toBe('equipe@clinica.example');

    await t.reset();
    expect(await seedSupportDoctor(t.database.db)).toBe('created');
    expect(await seedSupportDoctor(t.database.db, 'suporte@pulso.com.br')).toBe('updated');
    const [moved] = await snapshot();
    expect(moved).toMatchObject({ email: 'suporte@pulso.com.br', suporte: true });
    expect(await seedSupportDoctor(t.database.db, 'suporte@pulso.com.br')).toBe('present');
    // The team's mailbox gets the reset link: the seeded account becomes usable.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/email',
      payload: { email: 'suporte@pulso.com.br' },
    });
    expect(reset.statusCode).toBe(200);

    // Moved once: a later SUPORTE_EMAIL does not take the team's account elsewhere.
    expect(await seedSupportDoctor(t.database.db, 'outra@pulso.com.br')).toBe('present');
    expect((await snapshot())[0]?.email).toBe('suporte@pulso.com.br');

    await t.reset();
    expect(await seedSupportDoctor(t.database.db)).toBe('created');
    const squatter = await createPatient(t.app, {
      email: 'ocupado@exemplo.com.br',
      name: 'Paciente Ocupado',
    });
    expect(await seedSupportDoctor(t.database.db, 'ocupado@exemplo.com.br')).toBe('email-taken');
    expect((await snapshot())[0]?.email).toBe(SUPPORT_DOCTOR.email);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(account?.name).toBe('Paciente Ocupado');
  });

  it('makes one support doctor when two nodes start at the same moment', async () => {
    const answers = await Promise.all([seedSupportDoctor(t.database.db), seedSupportDoctor(t.database.db)]);
    expect(answers.filter((a) => a === 'created')).toHaveLength(1);
    expect(answers.filter((a) => a === 'present')).toHaveLength(1);
    const rows = await t.database.db.select().from(medicos).where(eq(medicos.suporte, true));
    expect(rows).toHaveLength(1);
  });

  it('keeps a support doctor made otherwise and never turns an account with its e-mail into one', async () => {
    const made = await createPatient(t.app, { name: 'Equipe de Suporte' });
    await t.database.db
      .insert(medicos)
      .values({ user_id: made.user.id, busca: 'equipe de suporte', suporte: true, status: 2 });
    expect(await seedSupportDoctor(t.database.db)).toBe('present');
    expect(await t.database.db.select().from(medicos)).toHaveLength(1);

    await t.reset();
    const squatter = await createPatient(t.app, { email: SUPPORT_DOCTOR.email, name: 'Alguém Qualquer' });
    expect(await seedSupportDoctor(t.database.db)).toBe('email-taken');
    expect(await t.database.db.select().from(medicos)).toEqual([]);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(account?.name).toBe('Alguém Qualquer');
  });
});
