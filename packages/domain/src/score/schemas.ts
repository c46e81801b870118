import { z } from 'zod';
import { INT4_MAX } from '../shared/numbers.ts';
import {
  SCORE_MESSAGES as M,
  parseScoreCategoria,
  SCORE_CATEGORIAS,
  SCORE_FAIXAS,
  SCORE_PONTUACAO_MAX,
  SCORE_PONTUACAO_MIN,
  SCORE_RESPOSTAS_MAX,
} from './score.ts';

/**
 * Wire shapes of the health score
 * (docs/indicators-and-score.md "Questionnaires";
 * docs/api/indicadores-score-profissional.md "Score"; issue 7). Field names are the product's wire names
 * (`categoria`, `pontuacao`, `questoes`, `alternativas`, `texto`,
 * `pontos`, `id_questions`, `scoreQuestions`, `quizQuestions`,
 * `pointsScore`).
 */

const idSchema = z.number().int().positive().max(INT4_MAX);

/**
 * A category: one of the three names of
 * docs/indicators-and-score.md "Questionnaires" (accents and case are
 * forgiven: 'saude fisica' is 'Saúde Física'); anything else, or nothing,
 * is refused with 'Escolha uma categoria'.
 */
export const ScoreCategoriaSchema = z.preprocess(
  (v) => parseScoreCategoria(v) ?? v,
  z.enum(SCORE_CATEGORIAS, { error: M.categoria }),
);

/** A band of docs/indicators-and-score.md "Bands and tips" (`scoreFaixa`). */
export const ScoreFaixaSchema = z.enum(SCORE_FAIXAS);

/** `GET /api/questions?categoria=` query. */
export const ScoreQuestionsQuerySchema = z.object({ categoria: ScoreCategoriaSchema });
export type ScoreQuestionsQuery = z.infer<typeof ScoreQuestionsQuerySchema>;

/** An alternative of a question: its text and the points it is worth (0–100, whole). */
export const ScoreAlternativaSchema = z.object({
  texto: z.string().min(1),
  pontos: z.number().int().min(0).max(SCORE_PONTUACAO_MAX),
});
export type ScoreAlternativa = z.infer<typeof ScoreAlternativaSchema>;

/**
 * A served question (docs/indicators-and-score.md "Questionnaires"):
 * `questoes` is the question's text, `alternativas` its choices in the order
 * shown; an answer names one by its position (0-based).
 */
export const ScoreQuestionViewSchema = z.object({
  id: idSchema,
  categoria: z.enum(SCORE_CATEGORIAS),
  questoes: z.string(),
  alternativas: z.array(ScoreAlternativaSchema).min(1),
});
export type ScoreQuestionView = z.infer<typeof ScoreQuestionViewSchema>;

/** A quiz (docs/indicators-and-score.md "Questionnaires"): the ids of the questions it holds, in its order. */
export const ScoreQuizViewSchema = z.object({
  id: idSchema,
  categoria: z.enum(SCORE_CATEGORIAS),
  id_questions: z.array(z.number().int()),
});
export type ScoreQuizView = z.infer<typeof ScoreQuizViewSchema>;

/**
 * `GET /api/questions?categoria=` answer: `scoreQuestions` the category's
 * questions whose id is in some quiz (docs/api/indicadores-score-profissional.md "Score"), in
 * their order; `quizQuestions` the category's quizzes.
 */
export const ScoreQuestionsAnswerSchema = z.object({
  scoreQuestions: z.array(ScoreQuestionViewSchema),
  quizQuestions: z.array(ScoreQuizViewSchema),
});
export type ScoreQuestionsAnswer = z.infer<typeof ScoreQuestionsAnswerSchema>;

/** A whole number 0–100, sent as a number or its digits (a form field). */
const pontuacaoInput = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: M.pontuacao })
    .int(M.pontuacao)
    .min(SCORE_PONTUACAO_MIN, M.pontuacao)
    .max(SCORE_PONTUACAO_MAX, M.pontuacao),
);

/** One answer: a question's id and the chosen alternative's position (0-based); `null` or absent: unanswered. */
export const ScoreRespostaSchema = z.object({
  question_id: z.number({ error: M.pergunta }).int(M.pergunta).positive(M.pergunta).max(INT4_MAX, M.pergunta),
  alternativa: z
    .number({ error: M.alternativa })
    .int(M.alternativa)
    .min(0, M.alternativa)
    .nullable()
    .default(null),
});

/**
 * `POST /api/score/result` body (docs/api/indicadores-score-profissional.md "Score": the form
 * with categoria and pontuacao): `categoria`; `respostas`, the answers
 * from which the server sums `pontuacao` itself (questions left out count
 * 0; none at all is a questionnaire left blank, 0 points); `pontuacao`,
 * optional, the client's own sum, which must equal the server's (else
 * 422).
 */
export const ScoreResultCreateSchema = z.object({
  categoria: ScoreCategoriaSchema,
  pontuacao: pontuacaoInput.optional(),
  respostas: z
    .array(ScoreRespostaSchema, { error: M.respostas })
    .max(SCORE_RESPOSTAS_MAX, M.respostasMax)
    .default([]),
});
/** What a client sends (`respostas` and `pontuacao` optional). */
export type ScoreResultCreate = z.input<typeof ScoreResultCreateSchema>;
/** The body once parsed: `respostas` always a list, each `alternativa` a position or `null`. */
export type ScoreResultCreateBody = z.output<typeof ScoreResultCreateSchema>;

/** A saved result: category, points (0–100), band, when (ISO instant, UTC). */
export const ScoreResultViewSchema = z.object({
  categoria: z.enum(SCORE_CATEGORIAS),
  pontuacao: z.number().int().min(SCORE_PONTUACAO_MIN).max(SCORE_PONTUACAO_MAX),
  faixa: ScoreFaixaSchema,
  created_at: z.string(),
});
export type ScoreResultView = z.infer<typeof ScoreResultViewSchema>;

/** `POST /api/score/result` answer (201). */
export const ScoreResultCreatedSchema = z.object({ message: z.string(), result: ScoreResultViewSchema });
export type ScoreResultCreated = z.infer<typeof ScoreResultCreatedSchema>;

/**
 * One category on /score/result: the latest result (`pontuacao`, `faixa`,
 * `created_at`), all `null` when the category was never answered, and
 * `historico`, the latest results (at most `SCORE_HISTORICO_MAX`), oldest
 * first, for the card's chart.
 */
export const ScoreCategoriaResultSchema = z.object({
  categoria: z.enum(SCORE_CATEGORIAS),
  pontuacao: z.number().int().nullable(),
  faixa: ScoreFaixaSchema.nullable(),
  created_at: z.string().nullable(),
  historico: z.array(z.object({ pontuacao: z.number().int(), created_at: z.string() })),
});
export type ScoreCategoriaResult = z.infer<typeof ScoreCategoriaResultSchema>;

/**
 * `GET /api/score/result` answer: `pointsScore`, the three categories in
 * the order of docs/indicators-and-score.md "Questionnaires"; `media`, the
 * general average (2 decimals, a category never answered counting 0), its
 * band (`null` while nothing was answered) and how many categories were
 * answered.
 */
export const ScoreResultsAnswerSchema = z.object({
  pointsScore: z.array(ScoreCategoriaResultSchema),
  media: z.object({
    pontuacao: z.number().min(SCORE_PONTUACAO_MIN).max(SCORE_PONTUACAO_MAX),
    faixa: ScoreFaixaSchema.nullable(),
    respondidas: z.number().int().min(0).max(SCORE_CATEGORIAS.length),
  }),
});
export type ScoreResultsAnswer = z.infer<typeof ScoreResultsAnswerSchema>;
