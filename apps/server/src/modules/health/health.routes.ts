import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** `GET /api/health`: 200 `{status:"ok"}` while the database answers, else 503. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness and database reachability',
        tags: ['platform'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      if (await app.ctx.database.ping()) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' as const });
    },
  );
};
