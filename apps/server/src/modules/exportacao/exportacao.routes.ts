import {
  EXPORTACAO_MESSAGES,
  ExportacaoViewSchema,
  exportacaoFileName,
  todayInSaoPaulo,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, IdParams } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { exportRunsIdle, startExportRun } from './exportacao.job.ts';
import { latestExport, readyArchive, requestExport } from './exportacao.service.ts';

const Answer = z.object({ exportacao: ExportacaoViewSchema });
const MaybeAnswer = z.object({ exportacao: ExportacaoViewSchema.nullable() });

/**
 * "Baixar meus dados" (docs/data-export.md "The API"; LGPD art. 18, II and V): the signed-in
 * account asks for its data, follows the request and downloads the ZIP. Every route acts on the
 * caller's own requests; answers are `cache-control: private, no-store`.
 */
export const exportacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;
  const meta = { tags: ['exportacao'], security: [{ bearer: [] }] };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  // A run a request started finishes before the app closes (its ZIP and mail are not cut short).
  app.addHook('onClose', async () => {
    await exportRunsIdle(ctx);
  });

  /**
   * `POST /api/exportacao` (no body) → 202 `{exportacao}` (`status: 'pendente'`): a new request,
   * whose ZIP a run started now makes (the scheduled job takes over any it leaves); 200
   * `{exportacao}` with the request already pending or ready and unexpired (one at a time per
   * account, docs/data-export.md "One at a time"); 401.
   */
  app.post(
    '/exportacao',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Asks for a ZIP of all the data Pulso holds about the caller',
        response: { 200: Answer, 202: Answer, ...authErrors },
      },
    },
    async (request, reply) => {
      const { exportacao, created } = await requestExport(db, actorOf(request).userId);
      if (!created) return { exportacao };
      startExportRun(ctx, request.log);
      return reply.code(202).send({ exportacao });
    },
  );

  /** `GET /api/exportacao` → 200 `{exportacao}`: the caller's latest request, or `null`; 401. */
  app.get(
    '/exportacao',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: "The caller's latest data-export request",
        response: { 200: MaybeAnswer, ...authErrors },
      },
    },
    async (request) => ({ exportacao: await latestExport(db, actorOf(request).userId) }),
  );

  /**
   * `GET /api/exportacao/:id/arquivo` → 200 the ZIP (`application/zip`, attachment
   * `pulso-dados-YYYY-MM-DD.zip`, the day it was made in America/Sao_Paulo) to its owner only
   * (docs/data-export.md "Download"); 404 {@link EXPORTACAO_MESSAGES.notFound} for someone else's,
   * an unknown or an unfinished request; 410 {@link EXPORTACAO_MESSAGES.expired} past its 24 hours;
   * 401.
   */
  app.get(
    '/exportacao/:id/arquivo',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: "Downloads the caller's ready ZIP",
        params: IdParams,
        response: {
          200: {
            description: 'ZIP archive',
            content: {
              'application/zip': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
            },
          },
          404: ErrorBodySchema,
          410: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const { key, readyAt } = await readyArchive(db, actorOf(request).userId, request.params.id);
      const bytes = await ctx.storage.get(key);
      if (!bytes) return reply.code(410).send({ message: EXPORTACAO_MESSAGES.expired });
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${exportacaoFileName(todayInSaoPaulo(readyAt))}"`,
        )
        .send(bytes);
    },
  );
};
