import {
  CONTEUDO_ADMIN_MESSAGES as M,
  OrdemInputSchema,
  ScoreCategoriaAdminSchema,
  ScoreCategoriaExataSchema,
  ScoreQuestionAdminSchema,
  ScoreQuestionCreateSchema,
  ScoreQuestionInputSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, MessageSchema } from '../../http.ts';
import {
  createScoreQuestion,
  listScoreAdmin,
  reorderScoreQuestions,
  updateScoreQuestion,
} from '../conteudo/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';
import { errors, route, withBody } from './conteudo.http.ts';

/**
 * Score `/api/admin/conteudo/score` (issue 9 "Content"), admin only
 * (capability `conteudo`): GET the three questionnaires; POST `/questions`
 * add a question; PUT `/questions/:id` edit its text, alternatives, points
 * and whether it is served (`ativa`); PUT `/:categoria/ordem` reorder. A
 * category's served points stay ≤ 100.
 */
export const conteudoScoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const onRequest = requireStaff('conteudo');

  /** `GET /api/admin/conteudo/score` → `{categorias: [{categoria, maximo, questions: [...], quizzes: [...]}]}`. */
  app.get(
    '/admin/conteudo/score',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('The score questionnaires for the editor'),
        response: { 200: z.object({ categorias: z.array(ScoreCategoriaAdminSchema) }), ...errors },
      },
    },
    async () => ({ categorias: await listScoreAdmin(db) }),
  );

  /** `POST /api/admin/conteudo/score/questions` `{categoria, questoes, alternativas: [{texto, pontos}], ativa?}` → 201 `{message, question}`. */
  app.post(
    '/admin/conteudo/score/questions',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Add a score question'),
        body: ScoreQuestionCreateSchema,
        response: { 201: z.object({ message: z.string(), question: ScoreQuestionAdminSchema }), ...withBody },
      },
    },
    async (request, reply) => {
      const { categoria, ...input } = request.body;
      const question = await createScoreQuestion(db, staffActor(request), categoria, input);
      return reply.status(201).send({ message: M.questaoSaved, question });
    },
  );

  /** `PUT /api/admin/conteudo/score/questions/:id` `{questoes, alternativas, ativa}` → `{message, question}`. */
  app.put(
    '/admin/conteudo/score/questions/:id',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Edit, serve or deactivate a score question'),
        params: IdParams,
        body: ScoreQuestionInputSchema,
        response: { 200: z.object({ message: z.string(), question: ScoreQuestionAdminSchema }), ...withBody },
      },
    },
    async (request) => ({
      message: M.questaoSaved,
      question: await updateScoreQuestion(db, staffActor(request), request.params.id, request.body),
    }),
  );

  /** `PUT /api/admin/conteudo/score/:categoria/ordem` `{ids}` (every question of the category once) → `{message}`. */
  app.put(
    '/admin/conteudo/score/:categoria/ordem',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Reorder the questions of a category'),
        params: z.object({ categoria: ScoreCategoriaExataSchema }),
        body: OrdemInputSchema,
        response: { 200: MessageSchema, ...withBody },
      },
    },
    async (request) => {
      await reorderScoreQuestions(db, staffActor(request), request.params.categoria, request.body.ids);
      return { message: M.ordemSaved };
    },
  );
};
