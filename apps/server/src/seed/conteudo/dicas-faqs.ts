import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dicas, faqs } from '../../db/schema/index.ts';
import { SEEDED_DICAS } from './dicas.ts';
import { SEEDED_FAQS } from './faqs.ts';

/**
 * Seeds the health tips of /dicas ({@link SEEDED_DICAS}) and the questions
 * of /faqs ({@link SEEDED_FAQS}), in their order (`ordem` 1, 2, …), each
 * table only while it is empty: every start runs it (main.ts →
 * `seedReferenceData`, under the startup lock), and once staff have edited,
 * reordered or hidden (`ativo`) the rows (issue 9) the seed never adds them
 * again. One insert per table, so a table is seeded whole or not at all.
 */
export async function seedDicasEFaqs(db: Db): Promise<void> {
  const [dicaCount] = await db.select({ n: count() }).from(dicas);
  if ((dicaCount?.n ?? 0) === 0) {
    await db.insert(dicas).values(SEEDED_DICAS.map((dica, index) => ({ ...dica, ordem: index + 1 })));
  }
  const [faqCount] = await db.select({ n: count() }).from(faqs);
  if ((faqCount?.n ?? 0) === 0) {
    await db.insert(faqs).values(SEEDED_FAQS.map((faq, index) => ({ ...faq, ordem: index + 1 })));
  }
}
