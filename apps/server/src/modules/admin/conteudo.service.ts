import {
  type ContentSlug,
  checkScoreMaximo,
  contentHtmlResumo,
  type DicaAdmin,
  type DicaInputBody,
  type FaqAdmin,
  type FaqInputBody,
  isCompleteOrder,
  CONTEUDO_ADMIN_MESSAGES as M,
  type PaginaAdmin,
  SCORE_CATEGORIAS,
  type ScoreCategoria,
  type ScoreCategoriaAdmin,
  type ScoreQuestionAdmin,
  type ScoreQuestionInputBody,
  scoreMaximo,
} from '@pulso/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audit_log,
  content_pages,
  dicas,
  faqs,
  score_questions,
  score_quizzes,
} from '../../db/schema/index.ts';
import { fieldError, HttpError, notFound } from '../../errors.ts';
import { CONTENT_NOT_FOUND_MESSAGE } from '../conteudo/conteudo.service.ts';
import type { StaffActor } from './admin.access.ts';
import { audit } from './audit.service.ts';
import { sanitizeContentPageHtml } from './conteudo-html.ts';

/**
 * The content staff edit (issue 9 "Content"): FAQs, tips, the legal pages
 * and the score questionnaires. Every change runs in one transaction with
 * its audit row (entidade `conteudo`; `entidade_id` `faq:<id>`, `dica:<id>`,
 * `termos`, `politica`, `score:<id>`; antes/depois the changed fields).
 */

const ENTIDADE = 'conteudo';

/** The fields of `after` that differ from `before`, as `{antes, depois}` (only those). */
function changed<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const antes: Record<string, unknown> = {};
  const depois: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      antes[key] = before[key];
      depois[key] = after[key];
    }
  }
  return { antes, depois };
}

// ---------------------------------------------------------------------------
// FAQs and tips: the same operations over two tables.

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
export async function createFaq(db: Db, actor: StaffActor, input: FaqInputBody): Promise<FaqAdmin> {
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
export async function createDica(db: Db, actor: StaffActor, input: DicaInputBody): Promise<DicaAdmin> {
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
  actor: StaffActor,
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
  actor: StaffActor,
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
export async function deleteFaq(db: Db, actor: StaffActor, id: number): Promise<void> {
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
export async function deleteDica(db: Db, actor: StaffActor, id: number): Promise<void> {
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
export async function reorderFaqs(db: Db, actor: StaffActor, ids: number[]): Promise<FaqAdmin[]> {
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
export async function reorderDicas(db: Db, actor: StaffActor, ids: number[]): Promise<DicaAdmin[]> {
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

// ---------------------------------------------------------------------------
// Legal pages

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
  actor: StaffActor,
  slug: ContentSlug,
  html: string,
): Promise<PaginaAdmin> {
  const clean = sanitizeContentPageHtml(html);
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

// ---------------------------------------------------------------------------
// Score questionnaires

type QuestionRow = typeof score_questions.$inferSelect;

/**
 * Ids held by some quiz (any category): the served questions
 * (docs/indicators-and-score.md "Health score").
 */
async function servedIds(db: Db): Promise<Set<number>> {
  const quizzes = await db.select({ id_questions: score_quizzes.id_questions }).from(score_quizzes);
  return new Set(quizzes.flatMap((q) => (Array.isArray(q.id_questions) ? q.id_questions : [])));
}

const questionView = (r: QuestionRow, served: Set<number>): ScoreQuestionAdmin => ({
  id: r.id,
  categoria: r.categoria as ScoreCategoria,
  questoes: r.questoes,
  alternativas: r.alternativas,
  ordem: r.ordem,
  ativa: served.has(r.id),
});

/**
 * The three questionnaires for the editor, in the spec's order: every
 * question (drafts too) by `ordem` then id, with `ativa`; the category's
 * quizzes; `maximo`, the points the best answers of its served questions
 * add up to.
 */
export async function listScoreAdmin(db: Db): Promise<ScoreCategoriaAdmin[]> {
  const [questions, quizzes] = await Promise.all([
    db.select().from(score_questions).orderBy(asc(score_questions.ordem), asc(score_questions.id)),
    db.select().from(score_quizzes).orderBy(asc(score_quizzes.id)),
  ]);
  const served = new Set(quizzes.flatMap((q) => (Array.isArray(q.id_questions) ? q.id_questions : [])));
  return SCORE_CATEGORIAS.map((categoria) => {
    const own = questions.filter((q) => q.categoria === categoria).map((q) => questionView(q, served));
    return {
      categoria,
      maximo: scoreMaximo(own.filter((q) => q.ativa)),
      questions: own,
      quizzes: quizzes
        .filter((q) => q.categoria === categoria)
        .map((q) => ({ id: q.id, id_questions: q.id_questions })),
    };
  });
}

/**
 * Puts question `id` in the category's first quiz (creating one when the
 * category has none) or takes it out of every quiz, so that it is served
 * or a draft. Answers whether anything changed.
 */
async function setServed(tx: Db, categoria: ScoreCategoria, id: number, ativa: boolean): Promise<void> {
  const quizzes = await tx.select().from(score_quizzes).orderBy(asc(score_quizzes.id)).for('update');
  if (ativa) {
    if (quizzes.some((q) => q.id_questions.includes(id))) return;
    const own = quizzes.find((q) => q.categoria === categoria);
    if (own) {
      await tx
        .update(score_quizzes)
        .set({ id_questions: [...own.id_questions, id] })
        .where(eq(score_quizzes.id, own.id));
    } else {
      await tx.insert(score_quizzes).values({ categoria, id_questions: [id] });
    }
    return;
  }
  for (const quiz of quizzes.filter((q) => q.id_questions.includes(id))) {
    await tx
      .update(score_quizzes)
      .set({ id_questions: quiz.id_questions.filter((q) => q !== id) })
      .where(eq(score_quizzes.id, quiz.id));
  }
}

/** 422 under `alternativas` when the category's served questions would give more than 100 points. */
async function assertMaximo(tx: Db, categoria: ScoreCategoria): Promise<void> {
  const served = await servedIds(tx);
  const rows = await tx
    .select({ id: score_questions.id, alternativas: score_questions.alternativas })
    .from(score_questions)
    .where(eq(score_questions.categoria, categoria));
  const message = checkScoreMaximo(
    categoria,
    rows.filter((r) => served.has(r.id)),
  );
  // Thrown inside the transaction, so the change is rolled back.
  if (message) throw new HttpError(422, message, { alternativas: [message] });
}

/**
 * Adds a question to a category, last in its order, served at once when
 * `ativa` (put in the category's quiz) or kept as a draft. 422 when the
 * category's served points would pass 100. Audit `score.criar`.
 */
export async function createScoreQuestion(
  db: Db,
  actor: StaffActor,
  categoria: ScoreCategoria,
  input: ScoreQuestionInputBody,
): Promise<ScoreQuestionAdmin> {
  const id = await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${score_questions.ordem}), 0)` })
      .from(score_questions)
      .where(eq(score_questions.categoria, categoria));
    const [row] = await tx
      .insert(score_questions)
      .values({
        categoria,
        questoes: input.questoes,
        alternativas: input.alternativas,
        ordem: Number(last?.max ?? 0) + 1,
      })
      .returning({ id: score_questions.id });
    if (!row) throw new Error('score question not inserted');
    await setServed(tx, categoria, row.id, input.ativa);
    await assertMaximo(tx, categoria);
    await audit(tx, actor, {
      acao: 'score.criar',
      entidade: ENTIDADE,
      entidade_id: `score:${row.id}`,
      depois: { categoria, ...input },
    });
    return row.id;
  });
  return getScoreQuestion(db, id);
}

async function getScoreQuestion(db: Db, id: number): Promise<ScoreQuestionAdmin> {
  const [row] = await db.select().from(score_questions).where(eq(score_questions.id, id)).limit(1);
  if (!row) throw notFound(M.questaoNotFound);
  return questionView(row, await servedIds(db));
}

/**
 * Rewrites a question's text and alternatives (texts and points) and
 * serves it or keeps it as a draft (`ativa`; "deactivating" takes it out of
 * every quiz, and its past answers stay as they were: results keep only
 * their total). Its category does not change. 404 'Pergunta do score não
 * encontrada'; 422 when the category's served points would pass 100.
 * Audit `score.editar` with the changed fields.
 */
export async function updateScoreQuestion(
  db: Db,
  actor: StaffActor,
  id: number,
  input: ScoreQuestionInputBody,
): Promise<ScoreQuestionAdmin> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(score_questions).where(eq(score_questions.id, id)).for('update');
    if (!before) throw notFound(M.questaoNotFound);
    const categoria = before.categoria as ScoreCategoria;
    const wasServed = (await servedIds(tx)).has(id);
    await tx
      .update(score_questions)
      .set({ questoes: input.questoes, alternativas: input.alternativas })
      .where(eq(score_questions.id, id));
    await setServed(tx, categoria, id, input.ativa);
    await assertMaximo(tx, categoria);
    const diff = changed(
      { questoes: before.questoes, alternativas: before.alternativas, ativa: wasServed },
      { questoes: input.questoes, alternativas: input.alternativas, ativa: input.ativa },
    );
    await audit(tx, actor, { acao: 'score.editar', entidade: ENTIDADE, entidade_id: `score:${id}`, ...diff });
  });
  return getScoreQuestion(db, id);
}

/**
 * Sets the order of a category's questions (the order the questionnaire
 * asks them): `ids` lists each question of the category once (422
 * otherwise). Audit `score.ordenar`.
 */
export async function reorderScoreQuestions(
  db: Db,
  actor: StaffActor,
  categoria: ScoreCategoria,
  ids: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: score_questions.id })
      .from(score_questions)
      .where(eq(score_questions.categoria, categoria))
      .orderBy(asc(score_questions.ordem), asc(score_questions.id))
      .for('update');
    const existing = rows.map((r) => r.id);
    if (!isCompleteOrder(ids, existing)) throw fieldError('ids', M.ordem);
    for (const [index, qid] of ids.entries()) {
      await tx
        .update(score_questions)
        .set({ ordem: index + 1 })
        .where(and(eq(score_questions.id, qid), inArray(score_questions.id, existing)));
    }
    await audit(tx, actor, {
      acao: 'score.ordenar',
      entidade: ENTIDADE,
      entidade_id: categoria,
      antes: { ids: existing },
      depois: { ids },
    });
  });
}
