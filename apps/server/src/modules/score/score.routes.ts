import {
  SCORE_MESSAGES,
  ScoreQuestionsAnswerSchema,
  ScoreQuestionsQuerySchema,
  ScoreResultCreatedSchema,
  ScoreResultCreateSchema,
  ScoreResultsAnswerSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { createResult, getResults, listQuestions } from './score.service.ts';

/**
 * The health score (docs/indicators-and-score.md "Health score";
 * docs/api/indicadores-score-profissional.md "Score"; issue 7 "Health score"). Every route is
 * behind `requireUser` (401 to a guest) and reads or writes only the
 * caller's own results (the user comes from the session, never from the
 * request). The score is not among what the trial locks (timeline,
 * indicators, pain map: docs/accounts.md "Trial and locked accounts"), so a
 * locked user answers it too. Answers carry
 * `cache-control: private, no-store` (health data).
 */
export const scoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const meta = { tags: ['score'], security: [{ bearer: [] }] };

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/questions?categoria=Saúde Mental` → 200 `{scoreQuestions:
   * [{id, categoria, questoes, alternativas: [{texto, pontos}]}],
   * quizQuestions: [{id, categoria, id_questions}]}`: the category's
   * questions listed in some quiz, in order (an empty list when it has
   * none); 422 `errors.categoria` 'Escolha uma categoria' for a missing or
   * unknown category; 401.
   */
  app.get(
    '/questions',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: "A category's score questionnaire (questions in some quiz only)",
        querystring: ScoreQuestionsQuerySchema,
        response: { 200: ScoreQuestionsAnswerSchema, 422: ValidationErrorBodySchema, ...authErrors },
      },
    },
    async (request) => listQuestions(db, request.query.categoria),
  );

  /**
   * `POST /api/score/result {categoria, respostas: [{question_id,
   * alternativa}], pontuacao?}` → 201 `{message: 'Respostas enviadas com
   * sucesso!', result: {categoria, pontuacao, faixa, created_at}}`. The
   * server sums `pontuacao` from `respostas` (alternativa: 0-based position,
   * `null` or absent unanswered, 0 points; questions left out count 0); a
   * client `pontuacao` that differs is refused (422 `errors.pontuacao`).
   * 422 also for a bad category, a question not served in that category or
   * answered twice, an alternative the question lacks; 401.
   */
  app.post(
    '/score/result',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: "Saves the caller's result of one questionnaire, summed by the server",
        body: ScoreResultCreateSchema,
        response: { 201: ScoreResultCreatedSchema, 422: ValidationErrorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const result = await createResult(db, actorOf(request), request.body);
      return reply.code(201).send({ message: SCORE_MESSAGES.saved, result });
    },
  );

  /**
   * `GET /api/score/result` → 200 `{pointsScore: [{categoria, pontuacao,
   * faixa, created_at, historico: [{pontuacao, created_at}]}] (the three
   * categories, `null`s when never answered), media: {pontuacao (2
   * decimals), faixa, respondidas}}` of the caller's own results; 401.
   */
  app.get(
    '/score/result',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: "The caller's latest result per category and the general average",
        response: { 200: ScoreResultsAnswerSchema, ...authErrors },
      },
    },
    async (request) => getResults(db, actorOf(request)),
  );
};
