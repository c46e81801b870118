import { PublicEmergencyViewSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../http.ts';
import { optionalUser } from '../auth/auth.hooks.ts';
import { emergencyLookup } from './code.service.ts';

/**
 * Public emergency view by personal code (spec 2 §7 `GET /code/{code}`;
 * RULINGS.md "Who sees what"). Every answer, errors included, carries
 * `cache-control: private, no-store` (health data must never sit in a shared
 * cache, and a 404 turns into data once the code is claimed) and
 * `x-robots-tag: noindex`.
 */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const openEmergencyView = emergencyLookup(app.ctx.database.db);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    reply.header('x-robots-tag', 'noindex');
  });

  /**
   * `GET /api/code/:code` (public; a bearer token, when live, names the
   * viewer; rate-limited per IP): 200 `{user: PublicEmergencyView}` — the
   * Emergency tab only, any field outside `PublicEmergencyViewSchema` is
   * stripped by the serializer; 404 `{message: 'Código não encontrado'}` for
   * a malformed, unknown or unclaimed code; 429 past the limit. Each 200 is
   * written to the patient's access log.
   */
  app.get(
    '/code/:code',
    {
      config: { rateLimit: { max: config.rateLimit.codePerMinute, timeWindow: '1 minute' } },
      preHandler: optionalUser,
      schema: {
        summary: "A patient's emergency data by personal code (any spelling)",
        tags: ['code'],
        params: z.object({ code: z.string() }),
        response: {
          200: z.object({ user: PublicEmergencyViewSchema }),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      user: await openEmergencyView(request.params.code, request.actor?.userId ?? null, request.log),
    }),
  );
};
