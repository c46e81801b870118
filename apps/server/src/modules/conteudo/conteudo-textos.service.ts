import {
  type DicaAdmin,
  type DicaInputBody,
  type FaqAdmin,
  type FaqInputBody,
  isCompleteOrder,
  CONTEUDO_ADMIN_MESSAGES as M,
} from '@pulso/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dicas, faqs } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { changed, ENTIDADE } from './conteudo-admin.shared.ts';

/** The FAQs and tips staff edit (issue 9 "Content"): the same operations over two tables, audited. */

type FaqRow = typeof faqs.$inferSelect;
type DicaRow = typeof dicas.$inferSelect;

const faqView = (r: FaqRow): FaqAdmin => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  ordem: r.ordem,
  ativo: r.ativo,
  updated_at: r.updated_at.toISOString(),
});
const dicaView = (r: DicaRow): DicaAdmin => ({
  id: r.id,
  title: r.title,
  content: r.content,
  ordem: r.ordem,
  ativo: r.ativo,
  updated_at: r.updated_at.toISOString(),
});

/** Every FAQ, published or hidden, in the order /faqs shows them (`ordem`, then id). */
export async function listFaqsAdmin(db: Db): Promise<FaqAdmin[]> {
  return (await db.select().from(faqs).orderBy(asc(faqs.ordem), asc(faqs.id))).map(faqView);
}

/** Every tip, published or hidden, in the order /dicas shows them. */
export async function listDicasAdmin(db: Db): Promise<DicaAdmin[]> {
  return (await db.select().from(dicas).orderBy(asc(dicas.ordem), asc(dicas.id))).map(dicaView);
}

/** Adds a FAQ at the end of the list. Audit `faq.criar`. */
export async function createFaq(db: Db, actor: AuditActor, input: FaqInputBody): Promise<FaqAdmin> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${faqs.ordem}), 0)` }).from(faqs);
    const [row] = await tx
      .insert(faqs)
      .values({ ...input, ordem: Number(last?.max ?? 0) + 1 })
      .returning();
    if (!row) throw new Error('faq not inserted');
    await audit(tx, actor, {
      acao: 'faq.criar',
      entidade: ENTIDADE,
      entidade_id: `faq:${row.id}`,
      depois: input,
    });
    return faqView(row);
  });
}

/** Adds a tip at the end of the list. Audit `dica.criar`. */
export async function createDica(db: Db, actor: AuditActor, input: DicaInputBody): Promise<DicaAdmin> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${dicas.ordem}), 0)` }).from(dicas);
    const [row] = await tx
      .insert(dicas)
      .values({ ...input, ordem: Number(last?.max ?? 0) + 1 })
      .returning();
    if (!row) throw new Error('dica not inserted');
    await audit(tx, actor, {
      acao: 'dica.criar',
      entidade: ENTIDADE,
      entidade_id: `dica:${row.id}`,
      depois: input,
    });
    return dicaView(row);
  });
}

/**
 * Replaces a FAQ's question, answer and `ativo` (publish / hide). Audit
 * `faq.editar` with the changed fields. 404 'Pergunta não encontrada'.
 */
export async function updateFaq(
  db: Db,
  actor: AuditActor,
  id: number,
  input: FaqInputBody,
): Promise<FaqAdmin> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update');
    if (!before) throw notFound(M.faqNotFound);
    const [row] = await tx
      .update(faqs)
      .set({ ...input, updated_at: new Date() })
      .where(eq(faqs.id, id))
      .returning();
    if (!row) throw notFound(M.faqNotFound);
    const diff = changed(before, input);
    await audit(tx, actor, { acao: 'faq.editar', entidade: ENTIDADE, entidade_id: `faq:${id}`, ...diff });
    return faqView(row);
  });
}

/** Replaces a tip's title, text and `ativo`. Audit `dica.editar`. 404 'Dica não encontrada'. */
export async function updateDica(
  db: Db,
  actor: AuditActor,
  id: number,
  input: DicaInputBody,
): Promise<DicaAdmin> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dicas).where(eq(dicas.id, id)).for('update');
    if (!before) throw notFound(M.dicaNotFound);
    const [row] = await tx
      .update(dicas)
      .set({ ...input, updated_at: new Date() })
      .where(eq(dicas.id, id))
      .returning();
    if (!row) throw notFound(M.dicaNotFound);
    const diff = changed(before, input);
    await audit(tx, actor, { acao: 'dica.editar', entidade: ENTIDADE, entidade_id: `dica:${id}`, ...diff });
    return dicaView(row);
  });
}

/** Deletes a FAQ for good. Audit `faq.excluir` with what it said. 404 when missing. */
export async function deleteFaq(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
    if (!row) throw notFound(M.faqNotFound);
    await audit(tx, actor, {
      acao: 'faq.excluir',
      entidade: ENTIDADE,
      entidade_id: `faq:${id}`,
      antes: { question: row.question, answer: row.answer, ativo: row.ativo },
    });
  });
}

/** Deletes a tip for good. Audit `dica.excluir`. 404 when missing. */
export async function deleteDica(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(dicas).where(eq(dicas.id, id)).returning();
    if (!row) throw notFound(M.dicaNotFound);
    await audit(tx, actor, {
      acao: 'dica.excluir',
      entidade: ENTIDADE,
      entidade_id: `dica:${id}`,
      antes: { title: row.title, content: row.content, ativo: row.ativo },
    });
  });
}

/**
 * Sets the order of every FAQ: `ids` must list each existing FAQ once (422
 * 'Envie a lista completa dos itens, cada um uma vez' otherwise, say when
 * another admin added one meanwhile); `ordem` becomes 1, 2, … Audit
 * `faq.ordenar` with the old and new id lists.
 */
export async function reorderFaqs(db: Db, actor: AuditActor, ids: number[]): Promise<FaqAdmin[]> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: faqs.id })
      .from(faqs)
      .orderBy(asc(faqs.ordem), asc(faqs.id))
      .for('update');
    const existing = rows.map((r) => r.id);
    if (!isCompleteOrder(ids, existing)) throw fieldError('ids', M.ordem);
    for (const [index, id] of ids.entries())
      await tx
        .update(faqs)
        .set({ ordem: index + 1 })
        .where(eq(faqs.id, id));
    await audit(tx, actor, {
      acao: 'faq.ordenar',
      entidade: ENTIDADE,
      antes: { ids: existing },
      depois: { ids },
    });
  });
  return listFaqsAdmin(db);
}

/** Sets the order of every tip (same rules as {@link reorderFaqs}). Audit `dica.ordenar`. */
export async function reorderDicas(db: Db, actor: AuditActor, ids: number[]): Promise<DicaAdmin[]> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: dicas.id })
      .from(dicas)
      .orderBy(asc(dicas.ordem), asc(dicas.id))
      .for('update');
    const existing = rows.map((r) => r.id);
    if (!isCompleteOrder(ids, existing)) throw fieldError('ids', M.ordem);
    for (const [index, id] of ids.entries())
      await tx
        .update(dicas)
        .set({ ordem: index + 1 })
        .where(eq(dicas.id, id));
    await audit(tx, actor, {
      acao: 'dica.ordenar',
      entidade: ENTIDADE,
      antes: { ids: existing },
      depois: { ids },
    });
  });
  return listDicasAdmin(db);
}
