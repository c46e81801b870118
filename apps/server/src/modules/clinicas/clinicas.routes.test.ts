import { type ClinicaView, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createClinica, createDoctor } from '../../test/telemedicina-factories.ts';

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

const get = (url: string, auth?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });

describe('GET /api/especialidades', () => {
  it('answers 401 to a guest', async () => {
    const res = await get('/api/especialidades');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('answers the 55 CFM specialties by name to any account (a patient, a doctor)', async () => {
    const patient = await createPatient(t.app);
    const doctor = await createDoctor(t);
    for (const who of [patient, doctor]) {
      const res = await get('/api/especialidades', who.auth);
      expect(res.statusCode).toBe(200);
      const list = res.json().especialidades as { id: number; nome: string }[];
      expect(list).toHaveLength(55);
      expect(list[0]).toEqual({ id: expect.any(Number), nome: 'Acupuntura' });
      expect(list.map((e) => e.nome)).toContain('Cardiologia');
    }
  });
});

describe('GET /api/clinicas/search/:text', () => {
  it('answers 401 to a guest', async () => {
    expect((await get('/api/clinicas/search/vida')).statusCode).toBe(401);
  });

  it('finds clinics by a name part ignoring accents and case, prefix first, with their city', async () => {
    const patient = await createPatient(t.app);
    const recife = await createClinica(t.database.db, 'Clínica São Lucas', 2611606);
    const saoPaulo = await createClinica(t.database.db, 'Lucas & Filhos Clínica', 3550308);
    const noCity = await createClinica(t.database.db, 'Policlínica Central');
    const res = await get(`/api/clinicas/search/${encodeURIComponent('LUCAS')}`, patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().clinicas as ClinicaView[]).toEqual([
      { id: saoPaulo, nome: 'Lucas & Filhos Clínica', cidade: { id: 3550308, descricao: 'São Paulo - SP' } },
      { id: recife, nome: 'Clínica São Lucas', cidade: { id: 2611606, descricao: 'Recife - PE' } },
    ]);
    const clinica = await get(`/api/clinicas/search/${encodeURIComponent('clinica')}`, patient.auth);
    expect(clinica.json().clinicas.map((c: ClinicaView) => c.id)).toEqual([recife, saoPaulo, noCity]);
    expect(clinica.json().clinicas[2].cidade).toBeNull();
  });

  it('answers [] under 2 characters, for no match, and matches LIKE wildcards literally', async () => {
    const patient = await createPatient(t.app);
    await createClinica(t.database.db, 'Clínica Vida');
    for (const text of ['v', ' ', 'zzz', '%', '_a']) {
      const res = await get(`/api/clinicas/search/${encodeURIComponent(text)}`, patient.auth);
      expect(res.json()).toEqual({ clinicas: [] });
    }
  });
});
