import {
  MEDICO_SEARCH_LIMIT,
  type MedicoOption,
  MedicoOptionSchema,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { medico_crms, medicos } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';

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

const searchRes = (text: string, auth?: Auth) =>
  t.app.inject({
    url: `/api/medicos/search/${encodeURIComponent(text)}`,
    ...(auth ? { headers: auth } : {}),
  });

async function search(text: string, auth: Auth): Promise<MedicoOption[]> {
  const res = await searchRes(text, auth);
  expect(res.statusCode, text).toBe(200);
  const { medicos } = res.json() as { medicos: MedicoOption[] };
  for (const m of medicos) expect(MedicoOptionSchema.parse(m)).toEqual(m);
  return medicos;
}

const names = (list: MedicoOption[]) => list.map((m) => m.name);

describe('GET /api/medicos/search/:text', () => {
  it('answers 401 to a guest and to a made-up token', async () => {
    await createDoctor(t, { name: 'José Carvalho' });
    const guest = await searchRes('jose');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
    expect((await searchRes('jose', { authorization: 'Bearer forged-token' })).statusCode).toBe(401);
  });

  it('answers any signed-in account the same directory: a patient, another patient, a doctor', async () => {
    const doctor = await createDoctor(t, {
      name: 'José Carvalho',
      crm: { numero: '123456', uf: 'SP' },
      especialidades: ['Pediatria', 'Cardiologia'],
    });
    const other = await createDoctor(t, { name: 'Ana Beatriz Lima' });
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    const expected: MedicoOption[] = [
      {
        id: doctor.medicoId,
        name: 'José Carvalho',
        especialidade: 'Cardiologia',
        crms: [{ numero: '123456', uf: 'SP' }],
      },
    ];
    expect(await search('carvalho', a.auth)).toEqual(expected);
    expect(await search('carvalho', b.auth)).toEqual(expected);
    expect(await search('carvalho', other.auth)).toEqual(expected);
    expect(await search('carvalho', doctor.auth)).toEqual(expected);
  });

  it('matches accents and case either way', async () => {
    const jose = await createDoctor(t, { name: 'José Conceição' });
    const p = await createPatient(t.app);
    for (const text of ['jose', 'JOSÉ', 'José', '  jOsE  ', 'conceicao', 'CONCEIÇÃO', 'sé con']) {
      expect(names(await search(text, p.auth)), text).toEqual(['José Conceição']);
    }
    expect((await search('jose', p.auth))[0]?.id).toBe(jose.medicoId);
  });

  it('lists names starting with the text first, then names containing it, each group by name', async () => {
    await createDoctor(t, { name: 'Mariana Souza' });
    await createDoctor(t, { name: 'Ana Maria Prado' });
    await createDoctor(t, { name: 'Mário Andrade' });
    await createDoctor(t, { name: 'Rosa Marinho' });
    await createDoctor(t, { name: 'Pedro Alves' });
    const p = await createPatient(t.app);
    expect(names(await search('mar', p.auth))).toEqual([
      'Mariana Souza',
      'Mário Andrade',
      'Ana Maria Prado',
      'Rosa Marinho',
    ]);
  });

  it('gives the first specialty alphabetically, null without one, and the CRMs in registration order', async () => {
    const doctor = await createDoctor(t, {
      name: 'Helena Duarte',
      crm: { numero: '54321', uf: 'RJ' },
      especialidades: ['Ortopedia e Traumatologia', 'Endoscopia', 'Medicina Esportiva'],
    });
    await t.database.db.insert(medico_crms).values({ medico_id: doctor.medicoId, numero: '99887', uf: 'ES' });
    await createDoctor(t, { name: 'Helena Nunes', crm: { numero: '777', uf: 'BA' } });
    const p = await createPatient(t.app);
    expect(await search('helena', p.auth)).toEqual([
      {
        id: doctor.medicoId,
        name: 'Helena Duarte',
        especialidade: 'Endoscopia',
        crms: [
          { numero: '54321', uf: 'RJ' },
          { numero: '99887', uf: 'ES' },
        ],
      },
      expect.objectContaining({
        name: 'Helena Nunes',
        especialidade: null,
        crms: [{ numero: '777', uf: 'BA' }],
      }),
    ]);
  });

  it('never lists a suspended doctor', async () => {
    await createDoctor(t, { name: 'Carlos Suspenso', suspended: true });
    await createDoctor(t, { name: 'Carlos Ativo' });
    const p = await createPatient(t.app);
    expect(names(await search('carlos', p.auth))).toEqual(['Carlos Ativo']);
  });

  it('never lists the support pseudo-doctor, nobody’s physician, nor lets it be chosen in hospitalar', async () => {
    const suporte = await createDoctor(t, { name: 'Suporte Pulso', suporte: true });
    await createDoctor(t, { name: 'Suely Porto' });
    const p = await createPatient(t.app);
    expect(names(await search('su', p.auth))).toEqual(['Suely Porto']);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/hospitalar',
      headers: p.auth,
      payload: { medico_id: suporte.medicoId },
    });
    expect(chosen.statusCode).toBe(422);
    expect(chosen.json().errors.medico_id).toBeDefined();
  });

  it('never lists a doctor whose account was closed', async () => {
    const closing = await createDoctor(t, { name: 'Renata Fechada' });
    await createDoctor(t, { name: 'Renata Aberta' });
    const p = await createPatient(t.app);
    expect(names(await search('renata', p.auth))).toEqual(['Renata Aberta', 'Renata Fechada']);
    const closed = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/account/closed',
      headers: closing.auth,
      payload: { is_active: false, password: closing.password },
    });
    expect(closed.statusCode).toBe(200);
    expect(names(await search('renata', p.auth))).toEqual(['Renata Aberta']);
  });

  it(`answers at most ${MEDICO_SEARCH_LIMIT} doctors`, async () => {
    for (let i = 0; i < MEDICO_SEARCH_LIMIT + 2; i++) {
      await createDoctor(t, { name: `Paulo Teste ${String(i).padStart(2, '0')}` });
    }
    const p = await createPatient(t.app);
    const found = names(await search('paulo teste', p.auth));
    expect(found).toHaveLength(MEDICO_SEARCH_LIMIT);
    expect(found[0]).toBe('Paulo Teste 00');
    expect(found.at(-1)).toBe(`Paulo Teste ${String(MEDICO_SEARCH_LIMIT - 1).padStart(2, '0')}`);
  });

  it('answers [] for fewer than 2 characters after trimming, without looking', async () => {
    await createDoctor(t, { name: 'A B' });
    const p = await createPatient(t.app);
    for (const text of ['a', ' a ', '   ', 'á']) expect(await search(text, p.auth), text).toEqual([]);
    expect(names(await search('a b', p.auth))).toEqual(['A B']);
  });

  it('matches LIKE wildcards and the escape character literally', async () => {
    await createDoctor(t, { name: 'Lucas Ferreira' });
    await createDoctor(t, { name: 'Dr_Estranho 100%' });
    const p = await createPatient(t.app);
    expect(await search('%%', p.auth)).toEqual([]);
    expect(await search('__', p.auth)).toEqual([]);
    expect(await search('lu_as', p.auth)).toEqual([]);
    expect(await search('l%s', p.auth)).toEqual([]);
    expect(await search('\\\\', p.auth)).toEqual([]);
    expect(names(await search('r_e', p.auth))).toEqual(['Dr_Estranho 100%']);
    expect(names(await search('0%', p.auth))).toEqual(['Dr_Estranho 100%']);
  });

  it('finds nothing for an unknown or overlong name', async () => {
    await createDoctor(t, { name: 'Lucas Ferreira' });
    const p = await createPatient(t.app);
    expect(await search('l'.repeat(100), p.auth)).toEqual([]);
    expect(await search('xyzw', p.auth)).toEqual([]);
  });

  it('lists a doctor again once the suspension is lifted (the state is read at each search)', async () => {
    const doctor = await createDoctor(t, { name: 'Beatriz Rocha', suspended: true });
    const p = await createPatient(t.app);
    expect(await search('beatriz', p.auth)).toEqual([]);
    await t.database.db.update(medicos).set({ suspended_at: null }).where(eq(medicos.id, doctor.medicoId));
    expect(names(await search('beatriz', p.auth))).toEqual(['Beatriz Rocha']);
  });
});
