import { readFile } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cidades, doencas, especialidades } from '../db/schema/index.ts';
import { searchKey } from '../db/search-key.ts';
import { seedDicasEFaqs } from './conteudo/dicas-faqs.ts';
import { seedContentPages } from './conteudo/index.ts';
import { seedPagamentos } from './pagamentos.ts';
import { seedScoreQuestionnaires } from './score.ts';

const DATA = new URL('./data/', import.meta.url);

/** Common chronic conditions of the /saude checklist (issue 4); the glucose screen reads 'Diabetes'. */
export const DOENCAS = [
  'Hipertensão arterial',
  'Diabetes',
  'Asma',
  'DPOC',
  'Insuficiência cardíaca',
  'Doença arterial coronariana',
  'Arritmia cardíaca',
  'Marca-passo cardíaco',
  'AVC prévio',
  'Epilepsia',
  'Doença renal crônica',
  'Hipotireoidismo',
  'Hipertireoidismo',
  'Câncer',
  'HIV/aids',
  'Hepatite B ou C crônica',
  'Doença de Alzheimer',
  'Doença de Parkinson',
  'Esclerose múltipla',
  'Depressão',
  'Transtorno bipolar',
  'Esquizofrenia',
  'Artrite reumatoide',
  'Lúpus',
  'Anemia falciforme',
  'Hemofilia',
  'Doença celíaca',
  'Obesidade',
] as const;

/** How many municipalities `data/municipios.json` lists (a test checks it against the file). */
export const MUNICIPIOS_COUNT = 5571;

/** The municipalities of `data/municipios.json`: IBGE id, name, UF. */
export async function readMunicipios(): Promise<[number, string, string][]> {
  return JSON.parse(await readFile(new URL('municipios.json', DATA), 'utf8')) as [number, string, string][];
}

/**
 * Seeds reference data when missing: all Brazilian municipalities with their
 * IBGE ids (`data/municipios.json`, 5,571) and the 55 CFM specialties
 * (`data/especialidades.json`), and the chronic conditions of
 * {@link DOENCAS}, the content pages, the health-score questionnaires
 * (`score.ts`), the tips and FAQs (`conteudo/dicas-faqs.ts`) and the plans and
 * single-consultation price (`pagamentos.ts`). Idempotent: rows that exist are kept.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const [cidadeCount] = await db.select({ n: count() }).from(cidades);
  // The file (about 200 kB) is read only while cities are missing: not on every start.
  if ((cidadeCount?.n ?? 0) < MUNICIPIOS_COUNT) {
    const municipios = await readMunicipios();
    const rows = municipios.map(([id, nome, uf]) => ({ id, nome, uf, busca: searchKey(nome) }));
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insert(cidades)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  }
  const nomes = JSON.parse(await readFile(new URL('especialidades.json', DATA), 'utf8')) as string[];
  await db
    .insert(especialidades)
    .values(nomes.map((nome) => ({ nome })))
    .onConflictDoNothing();
  await db
    .insert(doencas)
    .values(DOENCAS.map((nome) => ({ nome })))
    .onConflictDoNothing();
  await seedContentPages(db);
  await seedScoreQuestionnaires(db);
  await seedDicasEFaqs(db);
  await seedPagamentos(db);
}
