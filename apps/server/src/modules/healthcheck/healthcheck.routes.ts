import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable.ts';

const RedisField = z
  .enum(['up', 'down'])
  .optional()
  .describe('Only with REDIS_URL: whether Redis answers (down: counters in this process, chat on this node)');

/**
 * `GET /api/health` (docs/resilience.md "Health"; docs/operations-and-faults.md): 200 `{status: 'ok'}` while
 * the database answers, with `redis: 'up'` when `REDIS_URL` is set and Redis
 * answers; 200 `{status: 'degraded', redis: 'down'}` while Redis is
 * unreachable (the node still serves: rate limits count in this process,
 * the chat delivers on this node only); 503 `{status: 'unavailable'}` when
 * the database does not answer, with `Retry-After`. Never shed under overload.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness, database and Redis reachability',
        tags: ['platform'],
        response: {
          200: z.object({ status: z.enum(['ok', 'degraded']), redis: RedisField }),
          503: z.object({ status: z.literal('unavailable'), redis: RedisField }),
        },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([app.ctx.database.ping(), app.redisState()]);
      const redisField = redis === null ? {} : { redis };
      if (!database) {
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' as const, ...redisField });
      }
      return { status: redis === 'down' ? ('degraded' as const) : ('ok' as const), ...redisField };
    },
  );

  /**
   * `GET /api/health/ready` (docs/operations-and-faults.md "Probes"): 200
   * `{status: 'ready'}` when this node should be sent requests — its database
   * answers, every migration is applied and it is not stopping; else 503
   * `{status: 'not_ready', reason}` (`draining`, `database`, `migrations`) with
   * `Retry-After`. `/api/health` stays the liveness probe.
   */
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness: database reachable, migrations applied, not stopping',
        tags: ['platform'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({
            status: z.literal('not_ready'),
            reason: z.enum(['draining', 'database', 'migrations']),
          }),
        },
      },
    },
    async (_request, reply) => {
      const { database } = app.ctx;
      const notReady = (reason: 'draining' | 'database' | 'migrations') =>
        reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'not_ready' as const, reason });
      if (app.draining) return notReady('draining');
      if (!(await database.ping())) return notReady('database');
      if (!(await database.migrationsApplied())) return notReady('migrations');
      return { status: 'ready' as const };
    },
  );
};
