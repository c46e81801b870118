import { readFile } from 'node:fs/promises';
import type { ContentSlug } from '@pulso/domain';
import type { Db } from '../../db/client.ts';
import { content_pages } from '../../db/schema/index.ts';

/** The pages seeded into `content_pages`: slug, title and the HTML file beside this module. */
export const SEEDED_CONTENT_PAGES: readonly { slug: ContentSlug; titulo: string; file: string }[] = [
  { slug: 'termos', titulo: 'Termos de uso', file: 'termos.html' },
  { slug: 'politica', titulo: 'Política de privacidade', file: 'politica.html' },
];

/** The seeded HTML of one page, as kept in this folder. */
export async function readSeededHtml(file: string): Promise<string> {
  return (await readFile(new URL(file, import.meta.url), 'utf8')).trim();
}

/**
 * Inserts the terms of use and the privacy policy (issue 3 "Terms and
 * privacy") when their row is missing. A page that exists is never
 * touched: once edited in the database, the edit is the text in force.
 */
export async function seedContentPages(db: Db): Promise<void> {
  for (const page of SEEDED_CONTENT_PAGES) {
    await db
      .insert(content_pages)
      .values({ slug: page.slug, titulo: page.titulo, html: await readSeededHtml(page.file) })
      .onConflictDoNothing({ target: content_pages.slug });
  }
}
