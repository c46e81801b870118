import {
  type ContentSlug,
  contentHtmlResumo,
  CONTEUDO_ADMIN_MESSAGES as M,
  type PaginaAdmin,
} from '@pulso/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audit_log, content_pages } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { CONTENT_NOT_FOUND_MESSAGE } from './conteudo.service.ts';
import { ENTIDADE } from './conteudo-admin.shared.ts';
import { sanitizeContentPageHtml } from './conteudo-html.ts';

/** The legal pages staff edit (issue 9 "Content"): the terms of use and the privacy policy. */

/**
 * A legal page for the editor: the stored HTML, its last change, and the
 * e-mail of the staff member who made it (read from the audit log, `null`
 * while the page was never edited in the area). 404 when the page is missing.
 */
export async function getPaginaAdmin(db: Db, slug: ContentSlug): Promise<PaginaAdmin> {
  const [row] = await db.select().from(content_pages).where(eq(content_pages.slug, slug)).limit(1);
  if (!row) throw notFound(CONTENT_NOT_FOUND_MESSAGE);
  const [last] = await db
    .select({ email: audit_log.actor_email })
    .from(audit_log)
    .where(and(eq(audit_log.entidade, ENTIDADE), eq(audit_log.entidade_id, slug)))
    .orderBy(desc(audit_log.id))
    .limit(1);
  return {
    slug,
    titulo: row.titulo,
    html: row.html,
    updated_at: row.updated_at.toISOString(),
    updated_by: last?.email ?? null,
  };
}

/**
 * Publishes a new text of the terms of use (`termos`) or the privacy policy
 * (`politica`): the HTML is sanitised here (`sanitizeContentPageHtml`),
 * never trusted from the browser; a text with nothing visible left after
 * sanitising is refused (422 `html` 'Escreva o texto da página'). Audit
 * `termos.editar` / `politica.editar` with a summary of the old and new
 * HTML (length and the start of the text), never the whole text.
 * Patients are not asked to accept the new text again (not built; see the
 * issue note).
 */
export async function updatePagina(
  db: Db,
  actor: AuditActor,
  slug: ContentSlug,
  html: string,
): Promise<PaginaAdmin> {
  const clean = await sanitizeContentPageHtml(html);
  if (clean.replace(/<[^>]*>/g, '').trim() === '') throw fieldError('html', M.paginaVazia);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(content_pages).where(eq(content_pages.slug, slug)).for('update');
    if (!before) throw notFound(CONTENT_NOT_FOUND_MESSAGE);
    await tx
      .update(content_pages)
      .set({ html: clean, updated_at: new Date() })
      .where(eq(content_pages.slug, slug));
    await audit(tx, actor, {
      acao: `${slug}.editar`,
      entidade: ENTIDADE,
      entidade_id: slug,
      antes: { html: contentHtmlResumo(before.html) },
      depois: { html: contentHtmlResumo(clean) },
    });
  });
  return getPaginaAdmin(db, slug);
}
