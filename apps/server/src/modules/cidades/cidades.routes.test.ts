import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { escapeLike } from './cidades.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Cidade = { id: number; descricao: string };

async function search(text: string, headers: Record<string, string> = {}): Promise<Cidade[]> {
  const res = await t.app.inject({ url: `/api/cidades/search/${encodeURIComponent(text)}`, headers });
  expect(res.statusCode, text).toBe(200);
  return res.json().cidades;
}

const nameOf = (c: Cidade) => c.descricao.replace(/ - [A-Z]{2}$/, '');
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

describe('GET /api/cidades/search/:text', () => {
  it('is public, and answers a signed-in patient the same list', async () => {
    const p = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/cidades/search/recife' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cidades: [{ id: 2611606, descricao: 'Recife - PE' }] });
    expect(await search('recife', p.auth)).toEqual(res.json().cidades);
  });

  it('finds São Paulo first, whatever the accents and case', async () => {
    for (const text of ['sao paulo', 'São Paulo', 'SÃO PAULO', '  sáo   páulo  ']) {
      const cidades = await search(text);
      expect(cidades[0], text).toEqual({ id: 3550308, descricao: 'São Paulo - SP' });
      expect(cidades.map((c) => c.descricao)).toEqual([
        'São Paulo - SP',
        'São Paulo das Missões - RS',
        'São Paulo de Olivença - AM',
        'São Paulo do Potengi - RN',
      ]);
    }
  });

  it('finds Brasília typed without the accent', async () => {
    const cidades = await search('brasilia');
    expect(cidades[0]).toEqual({ id: 5300108, descricao: 'Brasília - DF' });
    expect(cidades.map((c) => c.descricao)).toContain('Brasília de Minas - MG');
  });

  it('lists names starting with the text before names containing it, each group by name', async () => {
    const cidades = await search('paulo');
    const starts = cidades.map((c) => fold(nameOf(c)).startsWith('paulo'));
    const firstInner = starts.indexOf(false);
    expect(firstInner).toBeGreaterThan(0);
    expect(starts.slice(firstInner).every((s) => !s)).toBe(true);
    expect(cidades[0]?.descricao).toBe('Paulo Afonso - BA');
    expect(cidades.map((c) => c.descricao)).toContain('São Paulo - SP');
    for (const group of [cidades.slice(0, firstInner), cidades.slice(firstInner)]) {
      const names = group.map((c) => fold(nameOf(c)));
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('orders homonyms by UF', async () => {
    const cidades = await search('bom jesus');
    const exact = cidades.filter((c) => nameOf(c) === 'Bom Jesus');
    expect(exact.length).toBeGreaterThan(1);
    expect(cidades.slice(0, exact.length)).toEqual(exact);
    const ufs = exact.map((c) => c.descricao.slice(-2));
    expect(ufs).toEqual([...ufs].sort());
  });

  it('answers at most 20 municipalities', async () => {
    const cidades = await search('sa');
    expect(cidades).toHaveLength(20);
    for (const c of cidades) expect(fold(c.descricao)).toContain('sa');
  });

  it('answers nothing for 1 character or fewer after trimming', async () => {
    for (const text of ['a', ' a ', 'é', '  ', '%', '_']) {
      expect(await search(text), JSON.stringify(text)).toEqual([]);
    }
  });

  it('matches % and _ literally, never as wildcards', async () => {
    for (const text of ['%%', '__', 'sao_paulo', 'sao%paulo', '%a%', '\\\\']) {
      expect(await search(text), text).toEqual([]);
    }
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('finds names with apostrophes and hyphens', async () => {
    expect((await search("d'oeste")).map((c) => c.descricao)).toContain("Alta Floresta D'Oeste - RO");
    expect((await search('ji-parana')).map((c) => c.descricao)).toEqual(['Ji-Paraná - RO']);
  });

  it('answers nothing for a long text that no name contains', async () => {
    expect(await search('rio '.repeat(24))).toEqual([]);
  });
});
