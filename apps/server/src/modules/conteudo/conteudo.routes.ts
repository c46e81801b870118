import { ContentPageSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../http.ts';
import { getContentPage } from './conteudo.service.ts';

/**
 * Terms of use and privacy policy kept in the database (spec 2 §2 public
 * routes /termos-de-uso, /politica-de-privacidade; issue 3 "Terms and
 * privacy"). Both are public: they are read before an account exists.
 */
export const conteudoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  const page = (summary: string) =>
    ({
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
};
