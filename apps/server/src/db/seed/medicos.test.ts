import { isCanonicalCode, type MedicoOption } from '@pulso/domain';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { especialidades, medico_crms, medico_especialidades, medicos, users } from '../schema/index.ts';
import { DEMO_DOCTORS, DEMO_EMAIL_DOMAIN, seedDemoDoctors } from './medicos.ts';
import { searchKey } from './seed.ts';

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
  return rows.map((r) => ({
    ...r,
    crms: crms.filter((c) => c.medico_id === r.medico_id).map((c) => ({ numero: c.numero, uf: c.uf })),
    especialidades: specs
      .filter((s) => s.medico_id === r.medico_id)
      .map((s) => s.nome)
      .sort(),
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
        suspended_at: null,
        crms: [doctor.crm],
        especialidades: [...doctor.especialidades].sort(),
      });
      expect(row?.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(row?.email_verified_at).toBeInstanceOf(Date);
      expect(isCanonicalCode(row?.code ?? '')).toBe(true);
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    }
    expect(new Set(seeded.map((r) => r.code)).size).toBe(seeded.length);
    expect(new Set(seeded.map((r) => r.password_hash)).size).toBe(seeded.length);
    expect(new Set(seeded.map((r) => r.cidade_id)).size).toBe(seeded.length);
  });

  it('is idempotent: a second run changes nothing', async () => {
    await seedDemoDoctors(t.database.db);
    const first = await snapshot();
    await seedDemoDoctors(t.database.db);
    expect(await snapshot()).toEqual(first);
    const [accounts] = await t.database.db.select({ n: count() }).from(users);
    expect(accounts?.n).toBe(DEMO_DOCTORS.length);
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
