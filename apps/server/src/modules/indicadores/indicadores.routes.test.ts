import {
  agoraEmSaoPaulo,
  HISTORICO_PAGE_MAX,
  INDICADOR_MESSAGES as M,
  OXIGENACAO_MESSAGES,
  PRESSAO_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { glicoses, imcs, oxigenacoes, pressoes } from '../../db/schema/index.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { endTrial, makeCorporate, multipart } from '../timeline/timeline.test-support.ts';
import {
  type Auth,
  INDICADORES,
  type Indicador,
  indicadoresApi,
  isoPlusDays,
  LISTA,
  type Patient,
  validBody,
} from './indicadores.test-support.ts';

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

const TABLES = { pressao: pressoes, imc: imcs, oxigenacao: oxigenacoes, glicose: glicoses } as const;

/** Every stored row of every indicator table. */
async function storedCounts() {
  const db = t.database.db;
  const counts: Record<string, number> = {};
  for (const i of INDICADORES) counts[i] = (await db.select().from(TABLES[i])).length;
  return counts;
}

/** A patient with a height in the profile (BMI needs one). */
async function patient(): Promise<Patient> {
  const p = await createPatient(t.app);
  await fillEmergencyData(t.database.db, p.user.id);
  return p;
}

/** Saves a reading of `indicador` for `p` through the API; answers its id. */
async function save(indicador: Indicador, p: Patient, data = '2025-03-10', hora = '08:00', extra = {}) {
  const res = await api.post(indicador, p.auth, { ...validBody(indicador, data, hora), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[LISTA[indicador]].id as number;
}

/** A history page of `indicador` through the API: its readings (`rows`) and `total`. */
async function listOf(indicador: Indicador, auth: Auth, query: Record<string, string> = {}) {
  const res = await api.list(indicador, auth, query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    rows: body[LISTA[indicador]] as { id: number; data_afericao: string }[],
    total: body.total as number,
  };
}

// ---------------------------------------------------------------- authorisation

describe('authorisation', () => {
  const calls: [string, (auth: Auth) => ReturnType<typeof api.home>][] = [
    ...INDICADORES.flatMap((i): [string, (auth: Auth) => ReturnType<typeof api.home>][] => [
      [`GET /api/home/${i}`, (auth) => api.list(i, auth)],
      [`POST /api/home/${i}`, (auth) => api.post(i, auth, validBody(i))],
    ]),
    [
      'PATCH /api/home/glicose/:id',
      (auth) => api.patchGlicose(1, auth, { ...validBody('glicose'), index: 1 }),
    ],
  ];

  it('answers 401 on every route to a guest and to a made-up token, and stores nothing', async () => {
    for (const [name, call] of calls) {
      for (const auth of [undefined, { authorization: 'Bearer nope' }]) {
        const res = await call(auth);
        expect(res.statusCode, name).toBe(401);
        expect(res.json(), name).toEqual({ message: UNAUTHENTICATED_MESSAGE });
      }
    }
    expect(await storedCounts()).toEqual({ pressao: 0, imc: 0, oxigenacao: 0, glicose: 0 });
  });

  it('marks every answer private and not to be stored by caches', async () => {
    const p = await patient();
    for (const [name, call] of calls) {
      expect((await call(p.auth)).headers['cache-control'], name).toBe('private, no-store');
    }
  });

  it("shows another patient and an unrelated doctor only their own (empty) readings, never the owner's", async () => {
    const owner = await patient();
    const other = await patient();
    const doctor = await createDoctor(t);
    for (const i of INDICADORES) await save(i, owner);
    for (const i of INDICADORES) {
      const mine = await listOf(i, owner.auth);
      expect(mine.total, i).toBe(1);
      expect(mine.rows, i).toHaveLength(1);
      for (const stranger of [other, doctor]) {
        const theirs = await listOf(i, stranger.auth);
        expect(theirs.total, i).toBe(0);
        expect(theirs.rows, i).toEqual([]);
      }
    }
    for (const stranger of [other, doctor]) {
      const user = (await api.home(stranger.auth)).json().user;
      for (const i of INDICADORES) expect(user[LISTA[i]], i).toEqual([]);
    }
  });

  it('writes a reading under the caller, whatever user_id the body names', async () => {
    const owner = await patient();
    const other = await patient();
    const doctor = await createDoctor(t);
    for (const i of INDICADORES) {
      const res = await api.post(i, other.auth, { ...validBody(i), user_id: owner.user.id });
      expect(res.statusCode, i).toBe(201);
    }
    const res = await api.post('pressao', doctor.auth, validBody('pressao'));
    expect(res.statusCode).toBe(201);
    for (const i of INDICADORES) {
      expect((await listOf(i, owner.auth)).total, i).toBe(0);
      expect((await listOf(i, other.auth)).total, i).toBe(1);
    }
    expect((await listOf('pressao', doctor.auth)).total).toBe(1);
    const owners = await t.database.db.select({ user_id: pressoes.user_id }).from(pressoes);
    expect(owners.map((r) => r.user_id).sort()).toEqual([other.user.id, doctor.user.id].sort());
  });
});

// ---------------------------------------------------------------- trial lock

describe('trial lock (docs/accounts.md "Trial and locked accounts")', () => {
  it('refuses every write of a locked user with 403, before reading the body, and stores nothing', async () => {
    const p = await patient();
    const id = await save('glicose', p);
    await endTrial(t.database.db, p.user.id);
    for (const i of INDICADORES) {
      for (const body of [validBody(i), {}]) {
        const res = await api.post(i, p.auth, body);
        expect(res.statusCode, i).toBe(403);
        expect(res.json(), i).toEqual({ message: M.locked });
      }
    }
    const patch = await api.patchGlicose(id, p.auth, {
      index: 2,
      value: '150',
      data_afericao: '2025-03-10',
      time_afericao: '12:00',
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual({ message: M.locked });
    expect(await storedCounts()).toEqual({ pressao: 0, imc: 0, oxigenacao: 0, glicose: 1 });
    const [row] = await t.database.db.select().from(glicoses);
    expect(row).toMatchObject({ value: 95, time_of_day: 1 });
  });

  it('refuses a locked multipart blood pressure too', async () => {
    const p = await patient();
    await endTrial(t.database.db, p.user.id);
    const body = multipart({ sis: '120', dia: '80', data_afericao: '2025-03-10', time_afericao: '08:00' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/pressao',
      headers: { ...body.headers, ...p.auth },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: M.locked });
  });

  it('still lets a locked user read every history and /api/home', async () => {
    const p = await patient();
    for (const i of INDICADORES) await save(i, p);
    await endTrial(t.database.db, p.user.id);
    for (const i of INDICADORES) expect((await listOf(i, p.auth)).total, i).toBe(1);
    const home = await api.home(p.auth);
    expect(home.statusCode).toBe(200);
    for (const i of INDICADORES) expect(home.json().user[LISTA[i]], i).toHaveLength(1);
  });

  it('lets a user past the trial with a corporate account write', async () => {
    const p = await patient();
    await endTrial(t.database.db, p.user.id);
    await makeCorporate(t.database.db, p.user.id);
    for (const i of INDICADORES) await save(i, p);
    expect(await storedCounts()).toEqual({ pressao: 1, imc: 1, oxigenacao: 1, glicose: 1 });
  });
});

// ---------------------------------------------------------------- histories

describe('histories: order and paging', () => {
  it.each(INDICADORES)('%s: latest day first, then latest time, then the reading saved last', async (i) => {
    const p = await patient();
    // Glucose holds one reading per day and period: give each its own period.
    const extra = (n: number) => (i === 'glicose' ? { time_of_day: n } : {});
    const a = await save(i, p, '2025-03-10', '08:00', extra(1));
    const b = await save(i, p, '2025-03-11', '07:00', extra(1));
    const c = await save(i, p, '2025-03-10', '21:00', extra(2));
    const d = await save(i, p, '2025-03-10', '08:00', extra(3));
    const e = await save(i, p, '2024-12-31', '23:59', extra(1));
    const page = await listOf(i, p.auth);
    expect(page.rows.map((r) => r.id)).toEqual([b, c, d, a, e]);
    expect(page.total).toBe(5);
    const home = (await api.home(p.auth)).json().user;
    expect(home[LISTA[i]].map((r: { id: number }) => r.id)).toEqual([b, c, d, a, e]);
  });

  it('pages with offset and limit (default 30), total counting every reading', async () => {
    const p = await patient();
    const db = t.database.db;
    // 35 readings on consecutive days, straight into the table.
    await db.insert(pressoes).values(
      Array.from({ length: 35 }, (_, n) => ({
        user_id: p.user.id,
        sis: 120,
        dia: 80,
        status: 'normal',
        data_afericao: isoPlusDays('2025-01-01', n),
        time_afericao: '08:00',
      })),
    );
    const first = await listOf('pressao', p.auth);
    expect(first.total).toBe(35);
    expect(first.rows).toHaveLength(30);
    expect(first.rows[0]?.data_afericao).toBe(isoPlusDays('2025-01-01', 34));
    const rest = await listOf('pressao', p.auth, { offset: '30' });
    expect(rest.rows).toHaveLength(5);
    expect(rest.rows[4]?.data_afericao).toBe('2025-01-01');
    const ids = new Set([...first.rows, ...rest.rows].map((r) => r.id));
    expect(ids.size).toBe(35);
    const two = await listOf('pressao', p.auth, { offset: '3', limit: '2' });
    expect(two.rows.map((r) => r.id)).toEqual(first.rows.slice(3, 5).map((r) => r.id));
    expect(two.total).toBe(35);
    expect((await listOf('pressao', p.auth, { offset: '40' })).rows).toEqual([]);
    expect((await listOf('pressao', p.auth, { limit: String(HISTORICO_PAGE_MAX) })).rows).toHaveLength(35);
    // GET /api/home carries the newest 10.
    const home = (await api.home(p.auth)).json().user;
    expect(home.pressao.map((r: { id: number }) => r.id)).toEqual(first.rows.slice(0, 10).map((r) => r.id));
  });

  it.each(INDICADORES)('%s: 422 for a negative offset or a limit outside 1–200', async (i) => {
    const p = await patient();
    const queries: Record<string, string>[] = [
      { offset: '-1' },
      { limit: '0' },
      { limit: '201' },
      { offset: 'x' },
    ];
    for (const query of queries) {
      const res = await api.list(i, p.auth, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().errors, JSON.stringify(query)).toBeDefined();
    }
  });
});

// ---------------------------------------------------------------- blood pressure

describe('POST /api/home/pressao', () => {
  const body = (sis: unknown, dia: unknown) => ({
    sis,
    dia,
    data_afericao: '2025-03-10',
    time_afericao: '08:00',
  });

  it('saves a reading, classifies it on the server and ignores the status a client sends', async () => {
    const p = await patient();
    const res = await api.post('pressao', p.auth, { ...body('185', '95'), status: 'normal' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: M.inserted,
      pressao: {
        id: expect.any(Number),
        sis: 185,
        dia: 95,
        status: 'muito_alta',
        data_afericao: '2025-03-10',
        time_afericao: '08:00',
      },
    });
    const [row] = await t.database.db.select().from(pressoes);
    expect(row).toMatchObject({ sis: 185, dia: 95, status: 'muito_alta', user_id: p.user.id });
  });

  it.each([
    ['99', '60', 'baixa'],
    ['100', '60', 'normal'],
    ['129', '84', 'normal'],
    ['130', '70', 'alterada'],
    ['120', '85', 'alterada'],
    ['140', '89', 'alta'],
    ['125', '90', 'alta'],
    ['180', '100', 'muito_alta'],
    ['125', '110', 'muito_alta'],
    ['110', '55', 'baixa'],
  ])('classifies %s/%s mmHg as %s', async (sis, dia, status) => {
    const p = await patient();
    const res = await api.post('pressao', p.auth, body(sis, dia));
    expect(res.statusCode).toBe(201);
    expect(res.json().pressao.status).toBe(status);
  });

  it('accepts the edges: 2 and 3 digits, dia 50, dia equal to sis, numbers or digits', async () => {
    const p = await patient();
    for (const [sis, dia] of [
      ['50', '50'],
      [999, 999],
      ['120', '050'],
      [10 * 12, 80],
    ]) {
      const res = await api.post('pressao', p.auth, body(sis, dia));
      expect(res.statusCode, `${sis}/${dia}`).toBe(201);
    }
  });

  it("answers 422 under dia with the documented warning when dia passes sis, and 'below 50' when it is under 50", async () => {
    const p = await patient();
    for (const [sis, dia, message] of [
      ['120', '121', PRESSAO_MESSAGES.diastolica],
      ['120', '49', PRESSAO_MESSAGES.diastolicaBaixa],
      ['99', '10', PRESSAO_MESSAGES.diastolicaBaixa],
    ] as const) {
      const res = await api.post('pressao', p.auth, body(sis, dia));
      expect(res.statusCode, `${sis}/${dia}`).toBe(422);
      expect(res.json()).toEqual({ message, errors: { dia: [message] } });
    }
    expect((await storedCounts()).pressao).toBe(0);
  });

  it('answers 422 for values without 2–3 digits, a bad date or time, and a reading in the future', async () => {
    const p = await patient();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [body('9', '80'), { sis: [PRESSAO_MESSAGES.sis] }],
      [body('1000', '80'), { sis: [PRESSAO_MESSAGES.sis] }],
      [body('120', ''), { dia: [PRESSAO_MESSAGES.dia] }],
      [body('12,5', '8a'), { sis: [PRESSAO_MESSAGES.sis], dia: [PRESSAO_MESSAGES.dia] }],
      [{ ...body('120', '80'), data_afericao: '2025-02-30' }, { data_afericao: [M.data] }],
      [{ ...body('120', '80'), time_afericao: '24:00' }, { time_afericao: [M.hora] }],
      [
        { ...body('120', '80'), data_afericao: isoPlusDays(agoraEmSaoPaulo().data, 1) },
        { data_afericao: [M.dataFutura] },
      ],
      [{ sis: '120' }, { dia: [PRESSAO_MESSAGES.dia], data_afericao: [M.data], time_afericao: [M.hora] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('pressao', p.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await storedCounts()).pressao).toBe(0);
  });

  it('accepts the multipart form of the first product client (status ignored)', async () => {
    const p = await patient();
    const form = multipart({
      sis: '142',
      dia: '88',
      data_afericao: '2025-03-10',
      time_afericao: '08:15',
      status: 'normal',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/pressao',
      headers: { ...form.headers, ...p.auth },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pressao).toMatchObject({ sis: 142, dia: 88, status: 'alta', time_afericao: '08:15' });
  });
});

// ---------------------------------------------------------------- oxygen

describe('POST /api/home/oxigenacao', () => {
  const body = (saturacao: unknown, bpm: unknown = '72') => ({
    saturacao,
    bpm,
    data_afericao: '2025-03-10',
    time_afericao: '08:00',
  });

  it('saves a reading, classifies it on the server and ignores the status a client sends', async () => {
    const p = await patient();
    const res = await api.post('oxigenacao', p.auth, { ...body('88', '110'), status: 'normal' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: M.inserted,
      oxigenacao: {
        id: expect.any(Number),
        saturacao: 88,
        bpm: 110,
        status: 'alterada',
        data_afericao: '2025-03-10',
        time_afericao: '08:00',
      },
    });
    const [row] = await t.database.db.select().from(oxigenacoes).where(eq(oxigenacoes.user_id, p.user.id));
    expect(row?.status).toBe('alterada');
  });

  it.each([
    ['100', 'normal'],
    ['95', 'normal'],
    ['94', 'atencao'],
    ['91', 'atencao'],
    ['90', 'alterada'],
    ['50', 'alterada'],
  ])('classifies %s%% as %s', async (saturacao, status) => {
    const p = await patient();
    const res = await api.post('oxigenacao', p.auth, body(saturacao));
    expect(res.statusCode).toBe(201);
    expect(res.json().oxigenacao.status).toBe(status);
  });

  it('answers 422 above 100, below 50 (a measuring error), and for bpm without 2–3 digits', async () => {
    const p = await patient();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [body('101'), { saturacao: [OXIGENACAO_MESSAGES.saturacao] }],
      [body('49'), { saturacao: [OXIGENACAO_MESSAGES.saturacaoErro] }],
      [body('10'), { saturacao: [OXIGENACAO_MESSAGES.saturacaoErro] }],
      [body('9'), { saturacao: [OXIGENACAO_MESSAGES.saturacao] }],
      [body('97', '9'), { bpm: [OXIGENACAO_MESSAGES.bpm] }],
      [body('97', '1000'), { bpm: [OXIGENACAO_MESSAGES.bpm] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('oxigenacao', p.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await storedCounts()).oxigenacao).toBe(0);
    expect((await api.post('oxigenacao', p.auth, body('97', '10'))).statusCode).toBe(201);
    expect((await api.post('oxigenacao', p.auth, body('97', '999'))).statusCode).toBe(201);
  });
});
