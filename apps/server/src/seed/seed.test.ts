import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cidades } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { MUNICIPIOS_COUNT, readMunicipios, seedReferenceData } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedReferenceData', () => {
  it('knows how many municipalities its file lists, each with a distinct IBGE id', async () => {
    const municipios = await readMunicipios();
    expect(municipios).toHaveLength(MUNICIPIOS_COUNT);
    expect(new Set(municipios.map(([id]) => id)).size).toBe(MUNICIPIOS_COUNT);
  });

  it('puts back a missing municipality on the next start', async () => {
    const cityCount = async () => (await t.database.db.select({ n: count() }).from(cidades))[0]?.n;
    expect(await cityCount()).toBe(MUNICIPIOS_COUNT);
    // A city no account, doctor or clinic lives in.
    await t.database.db.execute(sql`delete from ${cidades} where ${cidades.id} = (
      select min(c.id) from ${cidades} c where not exists (select 1 from users u where u.cidade_id = c.id)
        and not exists (select 1 from medicos m where m.cidade_id = c.id)
        and not exists (select 1 from clinicas k where k.cidade_id = c.id))`);
    expect(await cityCount()).toBe(MUNICIPIOS_COUNT - 1);
    await seedReferenceData(t.database.db);
    expect(await cityCount()).toBe(MUNICIPIOS_COUNT);
  });
});
