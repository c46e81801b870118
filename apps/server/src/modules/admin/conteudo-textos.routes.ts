import {
  DicaAdminSchema,
  DicaInputSchema,
  FaqAdminSchema,
  FaqInputSchema,
  CONTEUDO_ADMIN_MESSAGES as M,
  OrdemInputSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParams, MessageSchema } from '../../http.ts';
import {
  createDica,
  createFaq,
  deleteDica,
  deleteFaq,
  listDicasAdmin,
  listFaqsAdmin,
  reorderDicas,
  reorderFaqs,
  updateDica,
  updateFaq,
} from '../conteudo/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';
import { errors, route, withBody } from './conteudo.http.ts';

/**
 * FAQs `/api/admin/conteudo/faqs` and tips `/api/admin/conteudo/dicas`
 * (issue 9 "Content"), admin only (capability `conteudo`): GET list (hidden
 * ones too), POST create (201), PUT `/:id` edit (also publish/hide through
 * `ativo`), PUT `/ordem` `{ids}` reorder, DELETE `/:id`. What patients read
 * on /faqs and /dicas changes at once.
 */
export const conteudoTextosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const onRequest = requireStaff('conteudo');

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
};
