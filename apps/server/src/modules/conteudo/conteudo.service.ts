import type { Contato, ContentPage, ContentSlug, Dica, Faq } from '@pulso/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { content_pages, dicas, faqs } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

/** Message of a content page missing from the database (never seeded, or removed by hand). */
export const CONTENT_NOT_FOUND_MESSAGE = 'Página não encontrada';

/**
 * One page of `content_pages` (`termos` or `politica`) as the wire shows it:
 * `{titulo, html, updated_at}` with `updated_at` in ISO. Errors: 404 when the
 * row is missing.
 */
export async function getContentPage(db: Db, slug: ContentSlug): Promise<ContentPage> {
  const [row] = await db
    .select({ titulo: content_pages.titulo, html: content_pages.html, updated_at: content_pages.updated_at })
    .from(content_pages)
    .where(eq(content_pages.slug, slug))
    .limit(1);
  if (!row) throw notFound(CONTENT_NOT_FOUND_MESSAGE);
  return { titulo: row.titulo, html: row.html, updated_at: row.updated_at.toISOString() };
}

/**
 * The health tips of /dicas (docs/indicators-and-score.md "Tips and FAQ",
 * `GET /api/dicas`): the active rows (`ativo`) as `{id, title, content}`,
 * by `ordem`, then id.
 */
export async function listDicas(db: Db): Promise<Dica[]> {
  return db
    .select({ id: dicas.id, title: dicas.title, content: dicas.content })
    .from(dicas)
    .where(eq(dicas.ativo, true))
    .orderBy(asc(dicas.ordem), asc(dicas.id));
}

/**
 * The questions of /faqs (docs/indicators-and-score.md "Tips and FAQ",
 * `GET /api/faqs`) and the contact channels configured for the server
 * (`Config.contato`): `{faqs: [{id, question, answer}], contato: {email,
 * whatsapp}}`, the active questions by `ordem`, then id.
 */
export async function listFaqs(db: Db, contato: Contato): Promise<{ faqs: Faq[]; contato: Contato }> {
  const rows = await db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.ativo, true))
    .orderBy(asc(faqs.ordem), asc(faqs.id));
  return { faqs: rows, contato };
}
