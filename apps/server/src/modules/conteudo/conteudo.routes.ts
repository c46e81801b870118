import { ContentPageSchema, DicasAnswerSchema, FaqsAnswerSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, ErrorBodySchema } from '../../http.ts';
import { requireUser } from '../auth/index.ts';
import { getContentPage, listDicas, listFaqs } from './conteudo.service.ts';

/**
 * Terms of use and privacy policy kept in the database (public routes
 * /termos-de-uso, /politica-de-privacidade:
 * docs/indicators-and-score.md "Terms of use and privacy policy"; issue 3
 * "Terms and privacy"), both public: they are read before an account
 * exists. The health tips and the FAQs with the contact channels
 * (authenticated routes /dicas, /faqs:
 * docs/indicators-and-score.md "Tips and FAQ"; issue 7 "Content"), for
 * signed-in users.
 */
export const conteudoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { contato } = app.ctx.config;

  const page = (summary: string) =>
    ({
      config: { access: 'public' },
      schema: {
        summary,
        tags: ['conteudo'],
        response: { 200: ContentPageSchema, 404: ErrorBodySchema },
      },
    }) as const;

  /**
   * `GET /api/termos` (public): 200 `{titulo, html, updated_at}` — the terms
   * of use as HTML (h2, h3, p, ul, li, a; the web sanitises it again);
   * 404 `{message}` when the page is missing.
   */
  app.get('/termos', page('Terms of use (HTML kept in the database)'), async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getContentPage(db, 'termos');
  });

  /**
   * `GET /api/politica` (public): 200 `{titulo, html, updated_at}` — the
   * privacy policy (LGPD) as HTML; 404 `{message}` when the page is missing.
   */
  app.get('/politica', page('Privacy policy (HTML kept in the database)'), async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getContentPage(db, 'politica');
  });

  /**
   * `GET /api/dicas` (docs/indicators-and-score.md "Tips and FAQ"): 200
   * `{dicas: [{id, title, content}]}` — the active tips in staff order;
   * `content` is plain text, blank lines between paragraphs. 401 without
   * a live token.
   */
  app.get(
    '/dicas',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Health tips of /dicas, in order',
        tags: ['conteudo'],
        security: [{ bearer: [] }],
        response: { 200: DicasAnswerSchema, ...authErrors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { dicas: await listDicas(db) };
    },
  );

  /**
   * `GET /api/faqs` (docs/indicators-and-score.md "Tips and FAQ"): 200
   * `{faqs: [{id, question, answer}], contato: {email, whatsapp}}` — the
   * active questions in staff order (plain-text answers) and the contact
   * channels of the server's configuration: `email` (`CONTATO_EMAIL`,
   * default `SUPORTE_EMAIL`) and `whatsapp`, international digits `55…`
   * (`CONTATO_WHATSAPP`) or `null` when none is configured. 401 without a
   * live token.
   */
  app.get(
    '/faqs',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Questions and answers of /faqs and the contact channels',
        tags: ['conteudo'],
        security: [{ bearer: [] }],
        response: { 200: FaqsAnswerSchema, ...authErrors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return listFaqs(db, contato);
    },
  );
};
