import {
  CONTEUDO_ADMIN_MESSAGES as M,
  PaginaAdminSchema,
  PaginaInputSchema,
  PaginaSlugSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../http.ts';
import { getPaginaAdmin, updatePagina } from '../conteudo/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';
import { errors, route, withBody } from './conteudo.http.ts';

/**
 * Legal pages `/api/admin/conteudo/paginas/:slug` (`termos`, `politica`;
 * issue 9 "Content"), admin only (capability `conteudo`): GET `{slug,
 * titulo, html, updated_at, updated_by}`, PUT `{html}` sanitised on the
 * server before it is stored.
 */
export const conteudoPaginasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const onRequest = requireStaff('conteudo');

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
};
