import type { ContentPage, ContentSlug } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { content_pages } from '../../db/schema/index.ts';
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
