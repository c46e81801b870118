import { TIMELINE_MESSAGES, type TimelinePage } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { buscaOf } from './timeline.search.ts';
import { type Auth, call, insertItem, type Patient } from './timeline.test-support.ts';

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

const list = (auth: Auth, medico: string, search: string, offset?: number) =>
  call(
    t,
    'GET',
    `/api/timeline/items/${medico}/${encodeURIComponent(search)}${offset === undefined ? '' : `/${offset}`}`,
    auth,
  );

async function page(p: Patient, medico: string, search: string, offset?: number): Promise<TimelinePage> {
  const res = await list(p.auth, medico, search, offset);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The descriptions a search finds, in the order answered. */
async function found(p: Patient, term: string): Promise<string[]> {
  return (await page(p, 'all', term)).timelineItems.map((i) => i.descricao);
}

/** `n` days after 2024-01-01, ISO. */
const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);

describe('buscaOf', () => {
  it('joins type label, description, doctor and pain location, lower-case and accent-free', () => {
    expect(buscaOf({ tipo: 7, descricao: 'Vacinação  contra GRIPE', medico_name: 'Dr. João' })).toBe(
      'vacina vacinacao contra gripe dr. joao',
    );
    expect(buscaOf({ tipo: 8, descricao: 'Pontada', medico_name: null, local_dor: 'Cabeça' })).toBe(
      'registro de dor pontada cabeca',
    );
  });
});

describe('GET /api/timeline/items/:medico/:search[/:offset]', () => {
  it('answers 401 to a guest', async () => {
    const res = await list(undefined, 'all', 'all');
    expect(res.statusCode).toBe(401);
  });

  it('pages 45 records 20/20/5, newest first (data desc, then latest insertion), offset = records loaded', async () => {
    const p = await createPatient(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      // Pairs of records share a date: the later insertion comes first.
      ids.push(
        await insertItem(t.database.db, p.user.id, {
          data: day(Math.floor(i / 2)),
          descricao: `Registro ${i}`,
        }),
      );
    }
    const expected = [...ids].reverse();
    const first = await page(p, 'all', 'all');
    const second = await page(p, 'all', 'all', 20);
    const third = await page(p, 'all', 'all', 40);
    expect([first, second, third].map((pg) => [pg.timelineItems.length, pg.total])).toEqual([
      [20, 45],
      [20, 45],
      [5, 45],
    ]);
    expect(
      [...first.timelineItems, ...second.timelineItems, ...third.timelineItems].map((i) => i.id),
    ).toEqual(expected);
    expect(first.user.id).toBe(p.user.id);
    expect((await page(p, 'all', 'all', 0)).timelineItems.map((i) => i.id)).toEqual(expected.slice(0, 20));
    expect(await page(p, 'all', 'all', 45)).toMatchObject({ timelineItems: [], total: 45 });
  });

  it("answers an empty page for an empty timeline and never lists another patient's records", async () => {
    const p = await createPatient(t.app);
    const other = await createPatient(t.app);
    await insertItem(t.database.db, other.user.id, { descricao: 'Consulta do outro' });
    expect(await page(p, 'all', 'all')).toMatchObject({ timelineItems: [], total: 0 });
    expect(await page(p, 'all', 'consulta')).toMatchObject({ timelineItems: [], total: 0 });
  });

  it("filters to the records doctor accounts added with 'M'", async () => {
    const p = await createPatient(t.app);
    const doctor = await createDoctor(t, { name: 'Helena Prado' });
    const third = await createPatient(t.app, { name: 'Joana Freitas' });
    await insertItem(t.database.db, p.user.id, { descricao: 'Própria' });
    const byDoctor = await insertItem(t.database.db, p.user.id, {
      descricao: 'Do médico',
      created_by: 'M',
      terceiro_id: doctor.user.id,
    });
    await insertItem(t.database.db, p.user.id, {
      descricao: 'De terceiro',
      created_by: 'T',
      terceiro_id: third.user.id,
    });

    const doctorsOnly = await page(p, 'M', 'all');
    expect(doctorsOnly.total).toBe(1);
    expect(doctorsOnly.timelineItems).toEqual([
      expect.objectContaining({ id: byDoctor, created_by: 'M', terceiro: { name: 'Helena Prado' } }),
    ]);
    expect(
      (await page(p, 'all', 'all')).timelineItems.map((i) => [i.descricao, i.created_by, i.terceiro]),
    ).toEqual([
      ['De terceiro', 'T', { name: 'Joana Freitas' }],
      ['Do médico', 'M', { name: 'Helena Prado' }],
      ['Própria', null, null],
    ]);
    // Filter and term together.
    expect(await found(p, 'medico')).toEqual(['Do médico']);
    expect((await page(p, 'M', 'terceiro')).total).toBe(0);
  });

  it('answers 422 for an unknown :medico, a term over 100 characters or a bad offset', async () => {
    const p = await createPatient(t.app);
    expect((await list(p.auth, 'T', 'all')).statusCode).toBe(422);
    const long = await list(p.auth, 'all', 'a'.repeat(101));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ search: [TIMELINE_MESSAGES.busca] });
    expect((await list(p.auth, 'all', 'all', -1)).statusCode).toBe(422);
    expect((await list(p.auth, 'all', 'a'.repeat(100))).statusCode).toBe(200);
  });

  describe('search', () => {
    let p: Patient;
    beforeEach(async () => {
      p = await createPatient(t.app);
      const db = t.database.db;
      const add = (n: number, values: Parameters<typeof insertItem>[2]) =>
        insertItem(db, p.user.id, { data: day(n), ...values });
      await add(1, { tipo: 7, descricao: 'Vacinação contra gripe' });
      await add(2, { tipo: 1, descricao: 'Consulta cardiologia' });
      // Newer than the cardiology visit: only the rank can put it second.
      await add(3, { tipo: 2, descricao: 'Ecocardiograma de rotina' });
      await add(4, { tipo: 3, descricao: 'Número do protocolo 123' });
      await add(5, { tipo: 4, descricao: 'Amoxicilina 500mg' });
      await add(6, { tipo: 1, descricao: 'Retorno', medico_name: 'Dr. João Gonçalves' });
      await add(7, { tipo: 5, descricao: '50% de desconto no exame' });
      await add(8, { tipo: 5, descricao: 'arquivo_final revisado' });
      await add(9, { tipo: 2, descricao: 'Pressão alta' });
    });

    it('finds prefixes of whole words, with or without accents on either side', async () => {
      expect(await found(p, 'vacina')).toEqual(['Vacinação contra gripe']);
      expect(await found(p, 'VACINAÇÃO')).toEqual(['Vacinação contra gripe']);
      expect(await found(p, 'vacinacao')).toEqual(['Vacinação contra gripe']);
      expect(await found(p, 'Pressao')).toEqual(['Pressão alta']);
    });

    it("finds parts of words: 'cardio' → 'ecocardiograma', 'numero' → 'número'", async () => {
      expect(await found(p, 'numero')).toEqual(['Número do protocolo 123']);
      expect(await found(p, 'número')).toEqual(['Número do protocolo 123']);
      expect(await found(p, 'cardiograma')).toEqual(['Ecocardiograma de rotina']);
      expect(await found(p, 'tocol')).toEqual(['Número do protocolo 123']);
    });

    it('ranks the better match first: a word starting with the term before a word containing it', async () => {
      expect(await found(p, 'cardio')).toEqual(['Consulta cardiologia', 'Ecocardiograma de rotina']);
    });

    it('ranks a record holding the whole term as typed before one holding its words apart', async () => {
      await insertItem(t.database.db, p.user.id, {
        data: day(10),
        tipo: 5,
        descricao: 'Coleta: exame sangue',
      });
      await insertItem(t.database.db, p.user.id, { data: day(20), tipo: 5, descricao: 'Sangue para exame' });
      expect(await found(p, 'exame sangue')).toEqual(['Coleta: exame sangue', 'Sangue para exame']);
      expect(await found(p, 'sangue exame')).toEqual(['Sangue para exame', 'Coleta: exame sangue']);
    });

    it('breaks rank ties newest first', async () => {
      await insertItem(t.database.db, p.user.id, { data: day(20), tipo: 5, descricao: 'Hemograma' });
      const older = await insertItem(t.database.db, p.user.id, {
        data: day(10),
        tipo: 5,
        descricao: 'Hemograma',
      });
      const newer = await insertItem(t.database.db, p.user.id, {
        data: day(20),
        tipo: 5,
        descricao: 'Hemograma',
      });
      const ids = (await page(p, 'all', 'hemograma')).timelineItems.map((i) => i.id);
      expect(ids).toEqual([newer, newer - 2, older]);
    });

    it("finds the type label ('receita', 'vacina') and the doctor's name", async () => {
      expect(await found(p, 'receita')).toEqual(['Amoxicilina 500mg']);
      expect(await found(p, 'Gonçalves')).toEqual(['Retorno']);
      expect(await found(p, 'joao goncalves')).toEqual(['Retorno']);
      expect(await found(p, 'dr.')).toEqual(['Retorno']);
    });

    it('requires every word of the term (AND)', async () => {
      expect(await found(p, 'consulta cardiologia')).toEqual(['Consulta cardiologia']);
      expect((await found(p, 'consulta')).sort()).toEqual(['Consulta cardiologia', 'Retorno']);
      expect(await found(p, 'consulta gripe')).toEqual([]);
    });

    it("takes LIKE's wildcards literally", async () => {
      expect(await found(p, '%')).toEqual(['50% de desconto no exame']);
      expect(await found(p, '_')).toEqual(['arquivo_final revisado']);
      expect(await found(p, '0%')).toEqual(['50% de desconto no exame']);
      // Its digits still search as a prefix ('50' → '500mg'); the literal match ranks first.
      expect(await found(p, '50%')).toEqual(['50% de desconto no exame', 'Amoxicilina 500mg']);
      expect(await found(p, 'o_f')).toEqual(['arquivo_final revisado']);
      expect(await found(p, '\\')).toEqual([]);
    });

    it('never errors on full-text operators, quotes or stop words in the term', async () => {
      for (const term of [
        'a & b | !c:*',
        "'",
        '"pressão" (alta)',
        '!!',
        ':*',
        '<->',
        'de',
        'a:* & !',
        'o que',
      ]) {
        const res = await list(p.auth, 'all', term);
        expect(res.statusCode, term).toBe(200);
      }
      expect(await found(p, 'a & b | !c:*')).toEqual([]);
      expect(await found(p, '"pressão" (alta)')).toEqual(['Pressão alta']);
      expect(await found(p, 'xyzzy')).toEqual([]);
    });

    it("counts the matches in total and pages them; 'all' is the whole list", async () => {
      for (let i = 0; i < 25; i += 1) {
        await insertItem(t.database.db, p.user.id, {
          data: day(30 + i),
          tipo: 2,
          descricao: `Glicemia ${i}`,
        });
      }
      const first = await page(p, 'all', 'glicemia');
      const second = await page(p, 'all', 'glicemia', 20);
      expect([first.total, first.timelineItems.length, second.timelineItems.length]).toEqual([25, 20, 5]);
      const all = new Set([...first.timelineItems, ...second.timelineItems].map((i) => i.id));
      expect(all.size).toBe(25);
      expect((await page(p, 'all', 'all')).total).toBe(34);
      // Past the last match: no records, the count all the same; a term matching nothing: 0.
      expect(await page(p, 'all', 'glicemia', 40)).toMatchObject({ timelineItems: [], total: 25 });
      expect(await page(p, 'all', 'inexistente')).toMatchObject({ timelineItems: [], total: 0 });
      expect(await page(p, 'all', 'inexistente', 20)).toMatchObject({ timelineItems: [], total: 0 });
    });

    it("searches the caller's records only, with 'M' among those doctor accounts added", async () => {
      const other = await createPatient(t.app);
      await insertItem(t.database.db, other.user.id, { descricao: 'Glicemia de outro paciente' });
      await insertItem(t.database.db, p.user.id, { descricao: 'Glicemia de jejum', created_by: 'M' });
      await insertItem(t.database.db, p.user.id, { descricao: 'Glicemia pós-prandial' });
      const mine = await page(p, 'all', 'glicemia');
      expect(mine.timelineItems.map((i) => i.descricao).sort()).toEqual([
        'Glicemia de jejum',
        'Glicemia pós-prandial',
      ]);
      expect(mine.total).toBe(2);
      const doctors = await page(p, 'M', 'glicemia');
      expect([doctors.total, doctors.timelineItems.map((i) => i.descricao)]).toEqual([
        1,
        ['Glicemia de jejum'],
      ]);
    });
  });
});
