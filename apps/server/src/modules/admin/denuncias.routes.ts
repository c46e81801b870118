import { DENUNCIA_STATUS, DenunciaUpdateSchema, INT4_MAX, DENUNCIA_MESSAGES as M } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { listDenuncias, updateDenuncia } from '../telemedicina/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });

const Denuncia = z.object({
  id: z.number(),
  paciente: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  medico: z.object({ id: z.number(), name: z.string() }),
  motivo: z.string(),
  status: z.enum(DENUNCIA_STATUS),
  nota: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * Reports against doctors in the admin area (issue 9 "Reports"),
 * `/api/admin/denuncias`, for admin and support (`denuncias`). A report is
 * `{id, paciente: {id, name, email}, medico: {id, name}, motivo, status
 * (aberta | em_analise | resolvida), nota, created_at, updated_at}` (ISO).
 */
export const adminDenunciasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  /**
   * `GET /api/admin/denuncias?status&before` → `{denuncias, next}`: newest
   * first, 30 a page; `next` the `before` of the next page or `null`.
   */
  app.get(
    '/admin/denuncias',
    {
      config: { access: 'staff:denuncias' },
      onRequest: requireStaff('denuncias'),
      schema: {
        ...route('Reports against doctors'),
        querystring: z.object({
          status: z.enum(DENUNCIA_STATUS).optional(),
          before: z.coerce.number().int().positive().max(INT4_MAX).optional(),
        }),
        response: { 200: z.object({ denuncias: z.array(Denuncia), next: z.number().nullable() }), ...errors },
      },
    },
    async (request) => listDenuncias(db, request.query),
  );

  /**
   * `PUT /api/admin/denuncias/:id` `{status, nota}` (`DenunciaUpdateSchema`)
   * → `{message, denuncia}`. 404 'Denúncia não encontrada'; 422 bad status
   * or a note past 2000 characters.
   */
  app.put(
    '/admin/denuncias/:id',
    {
      config: { access: 'staff:denuncias' },
      onRequest: requireStaff('denuncias'),
      schema: {
        ...route('Change a report’s status and note'),
        params: z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }),
        body: DenunciaUpdateSchema,
        response: {
          200: z.object({ message: z.string(), denuncia: Denuncia }),
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      message: M.saved,
      denuncia: await updateDenuncia(db, staffActor(request), request.params.id, request.body),
    }),
  );
};
