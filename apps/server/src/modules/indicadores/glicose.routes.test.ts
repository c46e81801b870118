import { agoraEmSaoPaulo, GLICOSE_MESSAGES, type GlicoseView, INDICADOR_MESSAGES as M } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doencas, glicoses, user_doencas } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { type Auth, indicadoresApi, isoPlusDays, type Patient } from './indicadores.test-support.ts';

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

const body = (
  value: unknown,
  time_of_day: unknown,
  data_afericao = '2025-03-10',
  time_afericao = '07:30',
) => ({
  value,
  time_of_day,
  data_afericao,
  time_afericao,
});
const patch = (index: unknown, value: unknown, data_afericao = '2025-03-10', time_afericao = '07:30') => ({
  index,
  value,
  data_afericao,
  time_afericao,
});

async function insert(p: Patient, value: unknown, period: number, data?: string, hora?: string) {
  const res = await api.post('glicose', p.auth, body(value, period, data, hora));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().glicose as GlicoseView;
}

const stored = () => t.database.db.select().from(glicoses).orderBy(glicoses.id);

async function history(auth: Auth) {
  const res = await api.list('glicose', auth);
  expect(res.statusCode).toBe(200);
  return res.json() as { glicose: GlicoseView[]; total: number; diabetes: boolean };
}

describe('POST /api/home/glicose: insert or update by day and period', () => {
  it('inserts a new reading with 201 and classifies it on the server, ignoring a client status', async () => {
    const p = await createPatient(t.app);
    const res = await api.post('glicose', p.auth, { ...body('126', '2'), status: 'normal' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: M.inserted,
      acao: 'inserido',
      glicose: {
        id: expect.any(Number),
        value: 126,
        time_of_day: 2,
        status: 'risco',
        data_afericao: '2025-03-10',
        time_afericao: '07:30',
      },
    });
    expect(await stored()).toMatchObject([{ user_id: p.user.id, value: 126, status: 'risco' }]);
  });

  it('updates the reading of the same day and period with 200 (value, time, status), keeping its id', async () => {
    const p = await createPatient(t.app);
    const first = await insert(p, '95', 1);
    const res = await api.post('glicose', p.auth, body('69', 1, '2025-03-10', '08:10'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: M.updated,
      acao: 'atualizado',
      glicose: { ...first, value: 69, status: 'abaixo', time_afericao: '08:10' },
    });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, value: 69, status: 'abaixo', time_afericao: '08:10' });
    expect(rows[0]?.updated_at.getTime()).toBeGreaterThanOrEqual(rows[0]?.created_at.getTime() ?? Infinity);
  });

  it('inserts for another period of the same day, another day, or another patient', async () => {
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    await insert(a, '95', 1);
    await insert(a, '95', 2);
    await insert(a, '95', 1, '2025-03-11');
    await insert(b, '95', 1);
    expect(await stored()).toHaveLength(4);
    expect((await history(a.auth)).total).toBe(3);
    expect((await history(b.auth)).total).toBe(1);
  });

  it('keeps one row and tells exactly one save it inserted under concurrent saves of a day and period', async () => {
    const p = await createPatient(t.app);
    const values = ['90', '100', '110', '120', '130', '140', '150', '160'];
    const answers = await Promise.all(values.map((v) => api.post('glicose', p.auth, body(v, 3))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(answers.filter((r) => r.json().acao === 'inserido')).toHaveLength(1);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().glicose.id))).toEqual(new Set([rows[0]?.id]));
    expect(values.map(Number)).toContain(rows[0]?.value);
  });

  it.each([
    [20, 'abaixo'],
    [69, 'abaixo'],
    [70, 'normal'],
    [99, 'normal'],
    [100, 'alterada'],
    [125, 'alterada'],
    [126, 'risco'],
    [999, 'risco'],
  ])('classifies %s mg/dL as %s', async (value, status) => {
    const p = await createPatient(t.app);
    expect((await insert(p, String(value), 1)).status).toBe(status);
  });

  it('answers 422 below 20, without 2–3 digits, without a period 1–4, and for a day in the future', async () => {
    const p = await createPatient(t.app);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [body('19', 1), { value: [GLICOSE_MESSAGES.value] }],
      [body('9', 1), { value: [GLICOSE_MESSAGES.value] }],
      [body('1000', 1), { value: [GLICOSE_MESSAGES.value] }],
      [body('', 1), { value: [GLICOSE_MESSAGES.value] }],
      [body('95', 0), { time_of_day: [GLICOSE_MESSAGES.periodo] }],
      [body('95', 5), { time_of_day: [GLICOSE_MESSAGES.periodo] }],
      [body('95', null), { time_of_day: [GLICOSE_MESSAGES.periodo] }],
      [body('95', 1, isoPlusDays(agoraEmSaoPaulo().data, 1)), { data_afericao: [M.dataFutura] }],
      [body('95', 1, '2025-03-10', '7:30'), { time_afericao: [M.hora] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('glicose', p.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await stored()).toHaveLength(0);
    expect((await insert(p, '20', 4)).value).toBe(20);
  });
});

describe('PATCH /api/home/glicose/:id', () => {
  it("changes the owner's reading: value, period, day and time, with the server's status", async () => {
    const p = await createPatient(t.app);
    const g = await insert(p, '95', 1);
    const res = await api.patchGlicose(g.id, p.auth, {
      ...patch('4', '190', '2025-03-09', '22:40'),
      status: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: M.updated,
      acao: 'atualizado',
      glicose: {
        id: g.id,
        value: 190,
        time_of_day: 4,
        status: 'risco',
        data_afericao: '2025-03-09',
        time_afericao: '22:40',
      },
    });
    expect(await stored()).toMatchObject([{ id: g.id, value: 190, time_of_day: 4, status: 'risco' }]);
  });

  it("answers 404 for another patient's reading and for a doctor's token, changing nothing", async () => {
    const owner = await createPatient(t.app);
    const other = await createPatient(t.app);
    const doctor = await createDoctor(t);
    const g = await insert(owner, '95', 1);
    for (const stranger of [other, doctor]) {
      const res = await api.patchGlicose(g.id, stranger.auth, patch(1, '300'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: M.notFound });
    }
    expect(await stored()).toMatchObject([{ id: g.id, value: 95, user_id: owner.user.id }]);
  });

  it('answers 404 for an id that names no reading, the same as for one of another patient', async () => {
    const p = await createPatient(t.app);
    for (const id of ['999999', '0', '-1', 'abc', '2147483648', '1.5']) {
      const res = await api.patchGlicose(id, p.auth, patch(1, '95'));
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: M.notFound });
    }
  });

  it("answers 409 when the new day and period hold another of the caller's readings", async () => {
    const p = await createPatient(t.app);
    const cafe = await insert(p, '95', 1);
    const almoco = await insert(p, '140', 2);
    const res = await api.patchGlicose(almoco.id, p.auth, patch(1, '150'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: GLICOSE_MESSAGES.conflito });
    expect(await stored()).toMatchObject([
      { id: cafe.id, value: 95, time_of_day: 1 },
      { id: almoco.id, value: 140, time_of_day: 2 },
    ]);
    // Keeping its own day and period is no conflict.
    expect((await api.patchGlicose(almoco.id, p.auth, patch(2, '150'))).statusCode).toBe(200);
  });

  it('lets only one of two concurrent moves onto the same day and period through; the other gets 409', async () => {
    const p = await createPatient(t.app);
    const a = await insert(p, '95', 1);
    const b = await insert(p, '140', 2);
    const answers = await Promise.all([
      api.patchGlicose(a.id, p.auth, patch(4, '100')),
      api.patchGlicose(b.id, p.auth, patch(4, '200')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await stored();
    expect(rows.filter((r) => r.time_of_day === 4)).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });

  it('moves onto a day and period that only another patient holds', async () => {
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    await insert(a, '95', 3);
    const g = await insert(b, '95', 1);
    const res = await api.patchGlicose(g.id, b.auth, patch(3, '99'));
    expect(res.statusCode).toBe(200);
    expect(res.json().glicose).toMatchObject({ id: g.id, time_of_day: 3, value: 99 });
  });

  it('answers 422 with the same messages as saving', async () => {
    const p = await createPatient(t.app);
    const g = await insert(p, '95', 1);
    const res = await api.patchGlicose(g.id, p.auth, {
      index: 0,
      value: '5',
      data_afericao: '',
      time_afericao: '25:00',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      index: [GLICOSE_MESSAGES.periodo],
      value: [GLICOSE_MESSAGES.value],
      data_afericao: [M.data],
      time_afericao: [M.hora],
    });
    expect(await stored()).toMatchObject([{ value: 95 }]);
  });
});

describe('GET /api/home/glicose', () => {
  it("tells whether 'Diabetes' is among the caller's conditions", async () => {
    const p = await createPatient(t.app);
    const other = await createPatient(t.app);
    expect((await history(p.auth)).diabetes).toBe(false);
    const [diabetes] = await t.database.db
      .select({ id: doencas.id })
      .from(doencas)
      .where(eq(doencas.nome, 'Diabetes'));
    if (!diabetes) throw new Error('Diabetes is not seeded');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/doencas',
      headers: p.auth,
      payload: { doencas: [{ id: diabetes.id, checked: true }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await t.database.db.select().from(user_doencas)).toHaveLength(1);
    expect((await history(p.auth)).diabetes).toBe(true);
    expect((await history(other.auth)).diabetes).toBe(false);
  });
});
