import { IMC_MESSAGES, type ImcView, INDICADOR_MESSAGES as M } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imcs } from '../../db/schema/index.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { indicadoresApi, type Patient } from './indicadores.test-support.ts';

let t: TestApp;
let api: ReturnType<typeof indicadoresApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = indicadoresApi(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

/** A patient whose profile height is `altura` m (null: none). */
async function patient(altura: number | null = 1.75): Promise<Patient> {
  const p = await createPatient(t.app);
  await fillEmergencyData(t.database.db, p.user.id, { altura });
  return p;
}

const body = (peso: unknown, data_afericao = '2025-03-10', time_afericao = '08:00') => ({
  peso,
  data_afericao,
  time_afericao,
});

async function save(p: Patient, peso: unknown, data?: string, hora?: string): Promise<ImcView> {
  const res = await api.post('imc', p.auth, body(peso, data, hora));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().indice_massa_corporal;
}

async function history(p: Patient): Promise<ImcView[]> {
  const res = await api.list('imc', p.auth);
  expect(res.statusCode).toBe(200);
  return res.json().indice_massa_corporal;
}

describe('POST /api/home/imc', () => {
  it('computes the BMI from the profile height, ignoring the imc and variacao_peso a client sends', async () => {
    const p = await patient(1.75);
    const res = await api.post('imc', p.auth, {
      ...body('76,6'),
      imc: 10,
      variacao_peso: -30,
      status: 'normal',
    });
    expect(res.statusCode).toBe(201);
    // 76.6 / 1.75² = 25.01… → 25.0: sobrepeso.
    expect(res.json()).toEqual({
      message: M.inserted,
      indice_massa_corporal: {
        id: expect.any(Number),
        peso: 76.6,
        altura: 1.75,
        imc: 25,
        variacao_peso: null,
        status: 'sobrepeso',
        data_afericao: '2025-03-10',
        time_afericao: '08:00',
      },
    });
    const [row] = await t.database.db.select().from(imcs);
    expect(row).toMatchObject({
      peso: 76.6,
      altura: 1.75,
      imc: 25,
      variacao_peso: null,
      status: 'sobrepeso',
    });
  });

  it.each([
    ['56,6', 18.5, 'normal'],
    ['56,5', 18.4, 'abaixo'],
    ['76,5', 25, 'sobrepeso'],
    ['76,4', 24.9, 'normal'],
    ['91,8', 30, 'obesidade'],
    ['91,7', 29.9, 'sobrepeso'],
  ])('%s kg at 1,75 m is BMI %s, %s', async (peso, imc, status) => {
    const p = await patient(1.75);
    expect(await save(p, peso)).toMatchObject({ imc, status });
  });

  it('accepts 10 to 249,9 kg with a comma or a dot, and refuses the rest under errors.peso', async () => {
    const p = await patient(1.75);
    for (const peso of ['10', '249,9', 72.5, '72.5']) {
      expect((await api.post('imc', p.auth, body(peso))).statusCode, String(peso)).toBe(201);
    }
    for (const peso of ['9,9', '250', '72,55', '', 'abc', -70, null]) {
      const res = await api.post('imc', p.auth, body(peso));
      expect(res.statusCode, String(peso)).toBe(422);
      expect(res.json(), String(peso)).toEqual({
        message: IMC_MESSAGES.peso,
        errors: { peso: [IMC_MESSAGES.peso] },
      });
    }
    expect(await t.database.db.select().from(imcs)).toHaveLength(4);
  });

  it('answers 422 errors.peso asking for the height when the profile has none', async () => {
    const p = await patient(null);
    const res = await api.post('imc', p.auth, body('70'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: IMC_MESSAGES.semAltura,
      errors: { peso: [IMC_MESSAGES.semAltura] },
    });
    expect(await t.database.db.select().from(imcs)).toHaveLength(0);
    const list = (await api.list('imc', p.auth)).json();
    expect(list).toEqual({ indice_massa_corporal: [], total: 0, altura: null });
  });

  it('answers 422 when the BMI would be impossible (a height typed wrong)', async () => {
    const p = await patient(0.4);
    const res = await api.post('imc', p.auth, body('240'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ peso: [IMC_MESSAGES.imcImpossivel] });
    // 32 kg at 0,40 m is BMI 200: the limit itself is accepted.
    expect((await save(p, '32')).imc).toBe(200);
  });

  it('keeps the height used by each reading and answers the current one with the history', async () => {
    const p = await patient(1.6);
    const first = await save(p, '64', '2025-03-01');
    await fillEmergencyData(t.database.db, p.user.id, { altura: 1.8 });
    const second = await save(p, '64', '2025-03-02');
    expect(first).toMatchObject({ altura: 1.6, imc: 25 });
    expect(second).toMatchObject({ altura: 1.8, imc: 19.8 });
    const res = (await api.list('imc', p.auth)).json();
    expect(res.altura).toBe(1.8);
    expect(res.indice_massa_corporal.map((r: ImcView) => r.altura)).toEqual([1.8, 1.6]);
  });
});

describe('weight change (variacao_peso)', () => {
  it('is null for the first reading and the difference to the previous one by day and time', async () => {
    const p = await patient();
    expect((await save(p, '80', '2025-03-01', '08:00')).variacao_peso).toBeNull();
    expect((await save(p, '78,8', '2025-03-02', '08:00')).variacao_peso).toBe(-1.2);
    expect((await save(p, '79,3', '2025-03-02', '20:00')).variacao_peso).toBe(0.5);
    expect((await save(p, '79,3', '2025-03-03', '07:00')).variacao_peso).toBe(0);
  });

  it('compares a back-dated reading with the one before it and moves the one after it', async () => {
    const p = await patient();
    const a = await save(p, '80', '2025-03-01', '08:00');
    const c = await save(p, '76', '2025-03-10', '08:00');
    expect(c.variacao_peso).toBe(-4);
    // Between the two: compared with a, and c now follows it.
    const b = await save(p, '77,5', '2025-03-05', '08:00');
    expect(b.variacao_peso).toBe(-2.5);
    // Before all of them: the first, and a now follows it.
    const z = await save(p, '81', '2025-02-20', '08:00');
    expect(z.variacao_peso).toBeNull();
    const byId = new Map((await history(p)).map((r) => [r.id, r.variacao_peso]));
    expect(byId.get(a.id)).toBe(-1);
    expect(byId.get(b.id)).toBe(-2.5);
    expect(byId.get(c.id)).toBe(-1.5);
    expect((await history(p)).map((r) => r.id)).toEqual([c.id, b.id, a.id, z.id]);
  });

  it('counts a reading saved earlier for the very same minute as the previous one', async () => {
    const p = await patient();
    await save(p, '70', '2025-03-01', '08:00');
    expect((await save(p, '70,4', '2025-03-01', '08:00')).variacao_peso).toBe(0.4);
  });

  it("never compares with another patient's weight", async () => {
    const a = await patient();
    const b = await patient();
    await save(a, '90', '2025-03-01');
    expect((await save(b, '60', '2025-03-02')).variacao_peso).toBeNull();
  });

  it('computes each change against the other under concurrent saves', async () => {
    const p = await patient();
    const pesos = ['70', '71', '72', '73', '74', '75'];
    const saved = await Promise.all(pesos.map((peso, n) => save(p, peso, `2025-03-0${n + 1}`, '08:00')));
    expect(saved).toHaveLength(6);
    // Whatever order they landed in, each stored change is the difference to the reading before it.
    const list = (await history(p)).reverse();
    expect(list.map((r) => r.peso)).toEqual([70, 71, 72, 73, 74, 75]);
    expect(list.map((r) => r.variacao_peso)).toEqual([null, 1, 1, 1, 1, 1]);
  });
});
