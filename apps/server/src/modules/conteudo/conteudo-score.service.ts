import {
  checkScoreMaximo,
  isCompleteOrder,
  CONTEUDO_ADMIN_MESSAGES as M,
  SCORE_CATEGORIAS,
  type ScoreCategoria,
  type ScoreCategoriaAdmin,
  type ScoreQuestionAdmin,
  type ScoreQuestionInputBody,
  scoreMaximo,
} from '@pulso/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { score_questions, score_quizzes } from '../../db/schema/index.ts';
import { fieldError, HttpError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { changed, ENTIDADE } from './conteudo-admin.shared.ts';

/** The score questionnaires staff edit (issue 9 "Content"): questions, whether each is served, their order. */

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
 * The three questionnaires for the editor, in the order of
 * docs/indicators-and-score.md "Questionnaires": every
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
  actor: AuditActor,
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
  actor: AuditActor,
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
  actor: AuditActor,
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
