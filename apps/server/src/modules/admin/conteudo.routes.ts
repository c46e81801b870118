import {
  DicaAdminSchema,
  DicaInputSchema,
  FaqAdminSchema,
  FaqInputSchema,
  CONTEUDO_ADMIN_MESSAGES as M,
  OrdemInputSchema,
  PaginaAdminSchema,
  PaginaInputSchema,
  PaginaSlugSchema,
  ScoreCategoriaAdminSchema,
  ScoreCategoriaExataSchema,
  ScoreQuestionAdminSchema,
  ScoreQuestionCreateSchema,
  ScoreQuestionInputSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, MessageSchema, ValidationErrorBodySchema } from '../../http.ts';
import { requireStaff, staffActor } from './admin.access.ts';
import {
  createDica,
  createFaq,
  createScoreQuestion,
  deleteDica,
  deleteFaq,
  getPaginaAdmin,
  listDicasAdmin,
  listFaqsAdmin,
  listScoreAdmin,
  reorderDicas,
  reorderFaqs,
  reorderScoreQuestions,
  updateDica,
  updateFaq,
  updatePagina,
  updateScoreQuestion,
} from './conteudo.service.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const withBody = { ...errors, 404: ErrorBodySchema, 422: ValidationErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'], security: [{ bearer: [] }] });
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The content editor of the admin area (issue 9 "Content"), admin only
 * (capability `conteudo`: 401 guest, 403 patient/doctor 'Esta conta não é
 * da equipe do Pulso.', 403 support 'Seu perfil de suporte não permite esta
 * ação.'). Bodies are the domain's schemas (packages/domain
 * admin/conteudo.ts): 422 `{message, errors}` with pt-BR messages. Every
 * change is audited (entidade `conteudo`).
 *
 * - FAQs `/api/admin/conteudo/faqs` and tips `/api/admin/conteudo/dicas`:
 *   GET list (hidden ones too), POST create (201), PUT `/:id` edit (also
 *   publish/hide through `ativo`), PUT `/ordem` `{ids}` reorder, DELETE
 *   `/:id`. What patients read on /faqs and /dicas changes at once.
 * - Legal pages `/api/admin/conteudo/paginas/:slug` (`termos`, `politica`):
 *   GET `{slug, titulo, html, updated_at, updated_by}`, PUT `{html}`
 *   sanitised on the server before it is stored.
 * - Score `/api/admin/conteudo/score`: GET the three questionnaires; POST
 *   `/questions` add a question; PUT `/questions/:id` edit its text,
 *   alternatives, points and whether it is served (`ativa`); PUT
 *   `/:categoria/ordem` reorder. A category's served points stay ≤ 100.
 */
export const conteudoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const onRequest = requireStaff('conteudo');

  // --- FAQs ---------------------------------------------------------------

  /** `GET /api/admin/conteudo/faqs` → `{faqs: [{id, question, answer, ordem, ativo, updated_at}]}`. */
  app.get(
    '/admin/conteudo/faqs',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Every FAQ, hidden ones too'),
        response: { 200: z.object({ faqs: z.array(FaqAdminSchema) }), ...errors },
      },
    },
    async () => ({ faqs: await listFaqsAdmin(db) }),
  );

  /** `POST /api/admin/conteudo/faqs` `{question, answer, ativo?}` → 201 `{message, faq}`, last in order. */
  app.post(
    '/admin/conteudo/faqs',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Add a FAQ'),
        body: FaqInputSchema,
        response: { 201: z.object({ message: z.string(), faq: FaqAdminSchema }), ...withBody },
      },
    },
    async (request, reply) => {
      const faq = await createFaq(db, staffActor(request), request.body);
      return reply.status(201).send({ message: M.faqSaved, faq });
    },
  );

  /** `PUT /api/admin/conteudo/faqs/ordem` `{ids}` (every FAQ once) → `{message, faqs}`. */
  app.put(
    '/admin/conteudo/faqs/ordem',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Reorder the FAQs'),
        body: OrdemInputSchema,
        response: { 200: z.object({ message: z.string(), faqs: z.array(FaqAdminSchema) }), ...withBody },
      },
    },
    async (request) => ({
      message: M.ordemSaved,
      faqs: await reorderFaqs(db, staffActor(request), request.body.ids),
    }),
  );

  /** `PUT /api/admin/conteudo/faqs/:id` `{question, answer, ativo}` → `{message, faq}`; 404 'Pergunta não encontrada'. */
  app.put(
    '/admin/conteudo/faqs/:id',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Edit, publish or hide a FAQ'),
        params: IdParams,
        body: FaqInputSchema,
        response: { 200: z.object({ message: z.string(), faq: FaqAdminSchema }), ...withBody },
      },
    },
    async (request) => ({
      message: M.faqSaved,
      faq: await updateFaq(db, staffActor(request), request.params.id, request.body),
    }),
  );

  /** `DELETE /api/admin/conteudo/faqs/:id` → `{message}`; 404 when missing. */
  app.delete(
    '/admin/conteudo/faqs/:id',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Delete a FAQ'),
        params: IdParams,
        response: { 200: MessageSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      await deleteFaq(db, staffActor(request), request.params.id);
      return { message: M.faqDeleted };
    },
  );

  // --- Tips ---------------------------------------------------------------

  /** `GET /api/admin/conteudo/dicas` → `{dicas: [{id, title, content, ordem, ativo, updated_at}]}`. */
  app.get(
    '/admin/conteudo/dicas',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Every tip, hidden ones too'),
        response: { 200: z.object({ dicas: z.array(DicaAdminSchema) }), ...errors },
      },
    },
    async () => ({ dicas: await listDicasAdmin(db) }),
  );

  /** `POST /api/admin/conteudo/dicas` `{title, content, ativo?}` → 201 `{message, dica}`. */
  app.post(
    '/admin/conteudo/dicas',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Add a tip'),
        body: DicaInputSchema,
        response: { 201: z.object({ message: z.string(), dica: DicaAdminSchema }), ...withBody },
      },
    },
    async (request, reply) => {
      const dica = await createDica(db, staffActor(request), request.body);
      return reply.status(201).send({ message: M.dicaSaved, dica });
    },
  );

  /** `PUT /api/admin/conteudo/dicas/ordem` `{ids}` → `{message, dicas}`. */
  app.put(
    '/admin/conteudo/dicas/ordem',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Reorder the tips'),
        body: OrdemInputSchema,
        response: { 200: z.object({ message: z.string(), dicas: z.array(DicaAdminSchema) }), ...withBody },
      },
    },
    async (request) => ({
      message: M.ordemSaved,
      dicas: await reorderDicas(db, staffActor(request), request.body.ids),
    }),
  );

  /** `PUT /api/admin/conteudo/dicas/:id` `{title, content, ativo}` → `{message, dica}`; 404 'Dica não encontrada'. */
  app.put(
    '/admin/conteudo/dicas/:id',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Edit, publish or hide a tip'),
        params: IdParams,
        body: DicaInputSchema,
        response: { 200: z.object({ message: z.string(), dica: DicaAdminSchema }), ...withBody },
      },
    },
    async (request) => ({
      message: M.dicaSaved,
      dica: await updateDica(db, staffActor(request), request.params.id, request.body),
    }),
  );

  /** `DELETE /api/admin/conteudo/dicas/:id` → `{message}`; 404 when missing. */
  app.delete(
    '/admin/conteudo/dicas/:id',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Delete a tip'),
        params: IdParams,
        response: { 200: MessageSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      await deleteDica(db, staffActor(request), request.params.id);
      return { message: M.dicaDeleted };
    },
  );

  // --- Legal pages ----------------------------------------------------------

  const SlugParams = z.object({ slug: PaginaSlugSchema });

  /** `GET /api/admin/conteudo/paginas/:slug` → `{slug, titulo, html, updated_at, updated_by (e-mail | null)}`. */
  app.get(
    '/admin/conteudo/paginas/:slug',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('A legal page for the editor'),
        params: SlugParams,
        response: { 200: PaginaAdminSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => getPaginaAdmin(db, request.params.slug),
  );

  /**
   * `PUT /api/admin/conteudo/paginas/:slug` `{html}` (≤ 200 000 characters)
   * → `{message, pagina}`: stored sanitised (p, h2, h3, strong, em, ul, ol,
   * li, a[href http/https/mailto or a path], br); 422 `html` when nothing
   * visible is left.
   */
  app.put(
    '/admin/conteudo/paginas/:slug',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      bodyLimit: 1024 * 1024,
      schema: {
        ...route('Publish a new text of the terms or the privacy policy'),
        params: SlugParams,
        body: PaginaInputSchema,
        response: { 200: z.object({ message: z.string(), pagina: PaginaAdminSchema }), ...withBody },
      },
    },
    async (request) => ({
      message: M.paginaSaved,
      pagina: await updatePagina(db, staffActor(request), request.params.slug, request.body.html),
    }),
  );

  // --- Score -----------------------------------------------------------------

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
