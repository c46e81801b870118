import {
  type DorHistorico,
  TIMELINE_MESSAGES,
  TIPO_DOR,
  todayInSaoPaulo,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dorHistorico } from './timeline.dor.ts';
import { type Auth, call, endTrial, insertItem, postItem } from './timeline.test-support.ts';

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

const URL = '/api/timeline/dor/historico';
const getHistorico = (auth: Auth) => call(t, 'GET', URL, auth);

/** `iso` moved by `days` (calendar days, no time zone involved). */
function shift(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A pain record straight into the table (dates the API would refuse included). */
const insertDor = (userId: number, local_dor: string, intensidade_dor: string, data: string) =>
  insertItem(t.database.db, userId, {
    tipo: TIPO_DOR,
    data,
    descricao: `Dor em ${local_dor}`,
    local_dor,
    intensidade_dor,
  });

/** Pain fields of `POST /api/timeline/item` as the pain map sends them. */
const painFields = (local_dor: string, intensidade_dor: string, data = todayInSaoPaulo()) => ({
  tipo: String(TIPO_DOR),
  data,
  valor: '0',
  local_dor,
  intensidade_dor,
  descricao: 'Dor ao subir escadas',
});

describe('GET /api/timeline/dor/historico', () => {
  it('answers 401 to a guest', async () => {
    const res = await getHistorico(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('answers an empty history to a patient without pain records, not cached', async () => {
    const p = await createPatient(t.app);
    await insertItem(t.database.db, p.user.id, { data: todayInSaoPaulo() });
    const res = await getHistorico(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ historico: [] });
  });

  it('sums the records saved by the pain map per region, with the highest level and the last day', async () => {
    const p = await createPatient(t.app);
    const today = todayInSaoPaulo();
    for (const [local, nivel, data] of [
      ['Joelho', 'Baixo', shift(today, -10)],
      ['Joelho', 'Alta', shift(today, -30)],
      ['Joelho', 'Medio', shift(today, -2)],
      ['Cabeça', 'Moderado', today],
    ] as const) {
      const res = await postItem(t, p.auth, painFields(local, nivel, data));
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await getHistorico(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      historico: [
        { local_dor: 'Joelho', vezes: 3, intensidade_max: 'Alta', ultima: shift(today, -2) },
        { local_dor: 'Cabeça', vezes: 1, intensidade_max: 'Moderado', ultima: today },
      ],
    } satisfies DorHistorico);
  });

  it("counts only the caller's own timeline: never another patient's records", async () => {
    const owner = await createPatient(t.app, { name: 'Beatriz Moura' });
    const other = await createPatient(t.app, { name: 'Carlos Nunes' });
    const today = todayInSaoPaulo();
    await insertDor(owner.user.id, 'Costas', 'Medio', today);
    await insertDor(other.user.id, 'Costas', 'Alta', today);
    await insertDor(other.user.id, 'Costas', 'Alta', shift(today, -1));
    await insertDor(other.user.id, 'Pés', 'Baixo', today);

    const mine = (await getHistorico(owner.auth)).json() as DorHistorico;
    expect(mine.historico).toEqual([
      { local_dor: 'Costas', vezes: 1, intensidade_max: 'Medio', ultima: today },
    ]);
    const theirs = (await getHistorico(other.auth)).json() as DorHistorico;
    expect(theirs.historico).toEqual([
      { local_dor: 'Costas', vezes: 2, intensidade_max: 'Alta', ultima: today },
      { local_dor: 'Pés', vezes: 1, intensidade_max: 'Baixo', ultima: today },
    ]);
  });

  it("counts a pain record a professional added to the patient's timeline, not one the patient added to someone else's", async () => {
    const patient = await createPatient(t.app, { name: 'Beatriz Moura' });
    const other = await createPatient(t.app, { name: 'Carlos Nunes' });
    const today = todayInSaoPaulo();
    const base = { tipo: TIPO_DOR, data: today, created_by: 'T', descricao: 'Relato do cuidador' };
    await insertItem(t.database.db, patient.user.id, {
      ...base,
      terceiro_id: other.user.id,
      local_dor: 'Ombro',
      intensidade_dor: 'Alta',
    });
    await insertItem(t.database.db, other.user.id, {
      ...base,
      terceiro_id: patient.user.id,
      local_dor: 'Perna',
      intensidade_dor: 'Baixo',
    });
    const res = await getHistorico(patient.auth);
    expect((res.json() as DorHistorico).historico).toEqual([
      { local_dor: 'Ombro', vezes: 1, intensidade_max: 'Alta', ultima: today },
    ]);
  });

  it('keeps the 90 days ending today (São Paulo): day −89 counted, day −90 and later dates not', async () => {
    const p = await createPatient(t.app);
    const today = todayInSaoPaulo();
    await insertDor(p.user.id, 'Braço', 'Baixo', shift(today, -89));
    await insertDor(p.user.id, 'Braço', 'Alta', shift(today, -90));
    await insertDor(p.user.id, 'Mãos', 'Alta', shift(today, -91));
    await insertDor(p.user.id, 'Peito', 'Alta', shift(today, 1));
    const res = await getHistorico(p.auth);
    expect((res.json() as DorHistorico).historico).toEqual([
      { local_dor: 'Braço', vezes: 1, intensidade_max: 'Baixo', ultima: shift(today, -89) },
    ]);
  });

  it('measures the window from the São Paulo day it is given', async () => {
    const p = await createPatient(t.app);
    await insertDor(p.user.id, 'Coxa', 'Moderado', '2025-03-18');
    await insertDor(p.user.id, 'Coxa', 'Alta', '2025-03-17');
    await insertDor(p.user.id, 'Coxa', 'Baixo', '2025-06-15');
    await insertDor(p.user.id, 'Coxa', 'Alta', '2025-06-16');
    const answer = await dorHistorico(t.database.db, { userId: p.user.id, sessionId: 0 }, '2025-06-15');
    expect(answer.historico).toEqual([
      { local_dor: 'Coxa', vezes: 2, intensidade_max: 'Moderado', ultima: '2025-06-15' },
    ]);
  });

  it('leaves out other record types even when they carry a pain location', async () => {
    const p = await createPatient(t.app);
    await insertItem(t.database.db, p.user.id, {
      tipo: 1,
      data: todayInSaoPaulo(),
      local_dor: 'Cabeça',
      intensidade_dor: 'Alta',
    });
    expect((await getHistorico(p.auth)).json()).toEqual({ historico: [] });
  });

  it('stays readable after the trial ended, while saving pain is refused (403)', async () => {
    const p = await createPatient(t.app);
    await insertDor(p.user.id, 'Pés', 'Medio', todayInSaoPaulo());
    await endTrial(t.database.db, p.user.id);
    const saved = await postItem(t, p.auth, painFields('Pés', 'Alta'));
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toEqual({ message: TIMELINE_MESSAGES.locked });
    const res = await getHistorico(p.auth);
    expect(res.statusCode).toBe(200);
    expect((res.json() as DorHistorico).historico).toEqual([
      { local_dor: 'Pés', vezes: 1, intensidade_max: 'Medio', ultima: todayInSaoPaulo() },
    ]);
  });
});
