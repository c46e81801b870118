import {
  SCORE_CATEGORIAS,
  SCORE_HISTORICO_MAX,
  SCORE_MESSAGES,
  type ScoreCategoria,
  type ScoreCategoriaResult,
  type ScoreQuestionsAnswer,
  type ScoreQuestionView,
  type ScoreResultCreateBody,
  type ScoreResultsAnswer,
  type ScoreResultView,
  scoreFaixa,
  scoreMedia,
  scorePontuacao,
} from '@pulso/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { score_questions, score_quizzes, score_results } from '../../db/schema/index.ts';
import { fieldError, HttpError } from '../../errors.ts';

/**
 * The questionnaire of `categoria` as served
 * (docs/indicators-and-score.md "Questionnaires"): its questions whose id is
 * listed in some quiz (any quiz; a question in none is a draft, never
 * served), by `ordem` then id, and the category's quizzes by id. Questions
 * and quizzes are reference data, the same for every user.
 */
export async function listQuestions(db: Db, categoria: ScoreCategoria): Promise<ScoreQuestionsAnswer> {
  const [quizzes, questions] = await Promise.all([
    db
      .select({
        id: score_quizzes.id,
        categoria: score_quizzes.categoria,
        id_questions: score_quizzes.id_questions,
      })
      .from(score_quizzes)
      .orderBy(asc(score_quizzes.id)),
    db
      .select({
        id: score_questions.id,
        questoes: score_questions.questoes,
        alternativas: score_questions.alternativas,
      })
      .from(score_questions)
      .where(eq(score_questions.categoria, categoria))
      .orderBy(asc(score_questions.ordem), asc(score_questions.id)),
  ]);
  const inSomeQuiz = new Set(quizzes.flatMap((q) => (Array.isArray(q.id_questions) ? q.id_questions : [])));
  const scoreQuestions: ScoreQuestionView[] = questions
    .filter((q) => inSomeQuiz.has(q.id))
    .map((q) => ({ ...q, categoria }));
  return {
    scoreQuestions,
    quizQuestions: quizzes
      .filter((q) => q.categoria === categoria)
      .map((q) => ({ id: q.id, categoria, id_questions: q.id_questions })),
  };
}

function toView(row: { categoria: ScoreCategoria; pontuacao: number; created_at: Date }): ScoreResultView {
  return {
    categoria: row.categoria,
    pontuacao: row.pontuacao,
    faixa: scoreFaixa(row.pontuacao),
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Saves the actor's result of one questionnaire
 * (docs/indicators-and-score.md "Scoring"): `pontuacao` is summed here from
 * `respostas` over the questions served for the category (`scorePontuacao`;
 * questions left unanswered count 0), never taken from the client. Errors: 422
 * under `respostas.<i>.question_id` for a question not served in this category
 * or answered twice, under `respostas.<i>.alternativa` for an alternative the
 * question lacks, and under `pontuacao` ('A pontuação enviada não confere com
 * as respostas.') when the client's own total differs from the sum. Results
 * keep history: each submission is a new row.
 */
export async function createResult(
  db: Db,
  actor: Actor,
  input: ScoreResultCreateBody,
): Promise<ScoreResultView> {
  const { scoreQuestions } = await listQuestions(db, input.categoria);
  const result = scorePontuacao(scoreQuestions, input.respostas);
  if (!result.ok) {
    const first = Object.values(result.errors)[0]?.[0] ?? SCORE_MESSAGES.respostas;
    throw new HttpError(422, first, result.errors);
  }
  if (input.pontuacao !== undefined && input.pontuacao !== result.pontuacao) {
    throw fieldError('pontuacao', SCORE_MESSAGES.pontuacaoDivergente);
  }
  const [row] = await db
    .insert(score_results)
    .values({ user_id: actor.userId, categoria: input.categoria, pontuacao: result.pontuacao })
    .returning({ pontuacao: score_results.pontuacao, created_at: score_results.created_at });
  if (!row) throw new Error('score result not inserted');
  return toView({ categoria: input.categoria, ...row });
}

/**
 * The actor's own results screen (docs/indicators-and-score.md "Results":
 * the latest result of each category): per category, in the order of
 * docs/indicators-and-score.md "Questionnaires",
 * the latest result (or `null`s when never answered) and up to
 * `SCORE_HISTORICO_MAX` latest results, oldest first; then the general
 * average (`scoreMedia`: 2 decimals, a missing category counting 0), its
 * band (`null` while no category was answered) and how many were answered.
 * "Latest" is by `created_at`, then id (two results in one instant).
 */
export async function getResults(db: Db, actor: Actor): Promise<ScoreResultsAnswer> {
  const pointsScore = await Promise.all(
    SCORE_CATEGORIAS.map(async (categoria): Promise<ScoreCategoriaResult> => {
      const rows = await db
        .select({ pontuacao: score_results.pontuacao, created_at: score_results.created_at })
        .from(score_results)
        .where(and(eq(score_results.user_id, actor.userId), eq(score_results.categoria, categoria)))
        .orderBy(desc(score_results.created_at), desc(score_results.id))
        .limit(SCORE_HISTORICO_MAX);
      const latest = rows[0];
      return {
        categoria,
        pontuacao: latest?.pontuacao ?? null,
        faixa: latest ? scoreFaixa(latest.pontuacao) : null,
        created_at: latest ? latest.created_at.toISOString() : null,
        historico: rows
          .map((r) => ({ pontuacao: r.pontuacao, created_at: r.created_at.toISOString() }))
          .reverse(),
      };
    }),
  );
  const respondidas = pointsScore.filter((p) => p.pontuacao !== null).length;
  const media = scoreMedia(Object.fromEntries(pointsScore.map((p) => [p.categoria, p.pontuacao])));
  return {
    pointsScore,
    media: { pontuacao: media, faixa: respondidas === 0 ? null : scoreFaixa(media), respondidas },
  };
}
