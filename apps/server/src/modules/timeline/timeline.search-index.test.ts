import type { TimelinePage } from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeline_items } from '../../db/schema/index.ts';
import { searchKey } from '../../db/search-key.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { escapeLike } from '../cidades/index.ts';
import { buscaOf } from './timeline.search.ts';
import { call, insertItem, type Patient } from './timeline.test-support.ts';

/**
 * The search's index condition (`lexemas`, docs/api/timeline.md "Search") must never drop a record the full-text
 * test matches: a search finds exactly what `search_vector @@ to_tsquery(…) or busca like …` finds.
 */

let t: TestApp;
let p: Patient;

/** Words whose Portuguese stems are not their beginnings, stop words, numbers, hyphens, addresses. */
const DESCRICOES = [
  'Frequência cardíaca elevada',
  'Evolução do tratamento',
  'Cardiologia pediátrica',
  'Felizmente sem alterações',
  'Análises clínicas',
  'Pressões arteriais',
  'Cirurgião vascular',
  'Ações preventivas',
  'Exames de sangue',
  'Lote 12e3e4 da vacina',
  'Teste covid-19 negativo',
  'Resposta por e-mail paciente@exemplo.com',
  'Laudo em https://exemplo.com/laudo',
  'Dose 2ª de reforço',
  'Hemoglobina glicada 5,7%',
  'Vacinação contra gripe',
  'Infecções urinárias recorrentes',
  'Nutricionista e nutrição',
];

/** Forms of the corpus's words that only their stems share with it. */
const OTHER_FORMS = [
  'vacinas',
  'infeccao',
  'pressao',
  'analise',
  'cirurgioes',
  'acao',
  'evolucoes',
  'nutricao',
];

beforeAll(async () => {
  t = await createTestApp();
  p = await createPatient(t.app);
  for (const descricao of DESCRICOES) await insertItem(t.database.db, p.user.id, { tipo: 5, descricao });
});
afterAll(async () => {
  await t.close();
});

/** The descriptions the search route finds for `term`, sorted. */
async function found(term: string): Promise<string[]> {
  const res = await call(t, 'GET', `/api/timeline/items/all/${encodeURIComponent(term)}`, p.auth);
  expect(res.statusCode, term).toBe(200);
  return (res.json() as TimelinePage).timelineItems.map((i) => i.descricao).sort();
}

/** What one word matches by the rule alone: its runs as Portuguese prefixes (all of them), or the word in `busca`. */
async function reference(word: string): Promise<string[]> {
  const runs = [...new Set(searchKey(word).match(/[a-z0-9]{2,}/g) ?? [])];
  const like = sql`${timeline_items.busca} like ${`%${escapeLike(searchKey(word))}%`}`;
  const query = runs.map((run) => `${run}:*`).join(' & ');
  const matches = runs.length
    ? sql`(${timeline_items.search_vector} @@ to_tsquery('portuguese', ${query}) or ${like})`
    : like;
  const rows = await t.database.db
    .select({ descricao: timeline_items.descricao })
    .from(timeline_items)
    .where(and(eq(timeline_items.user_id, p.user.id), matches));
  return rows.map((row) => row.descricao).sort();
}

describe('timeline search through its index', () => {
  it('has the index: user_id and the trigrams of busca and lexemas, written through at each insert', async () => {
    const [index] = await t.database.db
      .select({
        definition: sql<string>`pg_get_indexdef(${sql.raw("'timeline_items_search_idx'::regclass")})`,
      })
      .from(sql`(select 1) as "one"`);
    expect(index?.definition).toMatch(
      /USING gin \(user_id, busca gin_trgm_ops, lexemas gin_trgm_ops\) WITH \(fastupdate='?off'?\)/,
    );
  });

  it('finds exactly what the rule finds, for every word of the records, its prefixes and other forms', async () => {
    const words = new Set(OTHER_FORMS);
    for (const descricao of DESCRICOES) {
      for (const word of buscaOf({ tipo: 5, descricao, medico_name: null }).split(' ')) {
        words.add(word);
        for (const length of [2, 3, 5]) if (word.length > length) words.add(word.slice(0, length));
      }
    }
    const differing: string[] = [];
    for (const word of words) {
      const [got, expected] = [await found(word), await reference(word)];
      if (JSON.stringify(got) !== JSON.stringify(expected)) differing.push(`${word}: ${got} ≠ ${expected}`);
    }
    expect(differing).toEqual([]);
    expect(words.size).toBeGreaterThan(100);
  });

  it('finds a record by a form of its word that only the stem shares', async () => {
    expect(await found('vacinas')).toEqual(['Lote 12e3e4 da vacina', 'Vacinação contra gripe']);
    expect(await found('cardiologista')).toEqual(['Cardiologia pediátrica']);
    expect(await found('clinico')).toEqual(['Análises clínicas']);
  });

  it('finds stop words, runs of two lexemes and hyphenated words as parts of words', async () => {
    expect(await found('de')).toEqual(expect.arrayContaining(['Dose 2ª de reforço', 'Exames de sangue']));
    expect(await found('12e3e4')).toEqual(['Lote 12e3e4 da vacina']);
    expect(await found('covid-19')).toEqual(['Teste covid-19 negativo']);
    expect(await found('covid 19')).toEqual(['Teste covid-19 negativo']);
  });
});
