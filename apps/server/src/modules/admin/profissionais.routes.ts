import {
  INT4_MAX,
  ADMIN_PROFISSIONAL_MESSAGES as M,
  PROFISSIONAL_STATUS,
  PROFISSIONAL_TIPOS,
  ProfissionalReviewSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { DOCUMENTO_URL_PURPOSE, listProfissionais, reviewProfissional } from '../profissional/index.ts';

import { requireStaff, staffActor } from './admin.access.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });

const Profissional = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  tipo: z.enum(PROFISSIONAL_TIPOS),
  numero: z.string(),
  status: z.enum(PROFISSIONAL_STATUS),
  motivo_rejeicao: z.string().nullable(),
  documento: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});

/**
 * Review of emergency professionals' credentials (issue 9 "Emergency
 * professionals"), `/api/admin/profissionais`, admin only
 * (`profissionais`; support gets 403 'Seu perfil de suporte não permite
 * esta ação.'). A credential is `{id, user: {id, name, email}, tipo (M | B
 * | S), numero, status (pendente | verificado | rejeitado),
 * motivo_rejeicao, documento, created_at, reviewed_at}`; `documento` is the
 * signed URL of the photo (`/api/profissional/documento/:id/:expires/:sig`,
 * valid 15–16 minutes) — the file itself is never public.
 */
export const adminProfissionaisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const signer = createUrlSigner(await loadFilesUrlSecret(app.ctx), DOCUMENTO_URL_PURPOSE);

  /**
   * `GET /api/admin/profissionais?status&offset` → `{profissionais, next}`:
   * pending first (oldest first), then the reviewed ones; 30 a page; `next`
   * the next `offset` or `null`.
   */
  app.get(
    '/admin/profissionais',
    {
      config: { access: 'staff:profissionais' },
      onRequest: requireStaff('profissionais'),
      schema: {
        ...route('Emergency professionals to review'),
        querystring: z.object({
          status: z.enum(PROFISSIONAL_STATUS).optional(),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
        response: {
          200: z.object({ profissionais: z.array(Profissional), next: z.number().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => listProfissionais(db, signer, request.query),
  );

  /**
   * `PUT /api/admin/profissionais/:id` `{status: 'verificado' | 'rejeitado',
   * motivo}` (`ProfissionalReviewSchema`: a reason is required to reject) →
   * `{message, profissional}`. 404 unknown; 422 no reason to reject.
   */
  app.put(
    '/admin/profissionais/:id',
    {
      config: { access: 'staff:profissionais' },
      onRequest: requireStaff('profissionais'),
      schema: {
        ...route('Verify or reject a credential'),
        params: z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }),
        body: ProfissionalReviewSchema,
        response: {
          200: z.object({ message: z.string(), profissional: Profissional }),
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      message: request.body.status === 'verificado' ? M.verified : M.rejected,
      profissional: await reviewProfissional(
        db,
        signer,
        staffActor(request),
        request.params.id,
        request.body,
      ),
    }),
  );
};
