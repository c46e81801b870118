import { timingSafeEqual } from 'node:crypto';
import { HTTP_MESSAGES } from '@pulso/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import {
  countedMailer,
  countedPush,
  createMetrics,
  type Metrics,
  scanResult,
} from '../../platform/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's Prometheus metrics (platform/metrics.ts), served at `/metrics`. */
    readonly metrics: Metrics;
    /**
     * Set when the node is stopping (SIGTERM): `GET /api/health/ready` answers
     * 503 so that a balancer sends no new requests while those in flight end.
     */
    draining: boolean;
  }
}

/**
 * The metrics of an app about to be built from `given`, and its context with
 * the mailer and the push sender counted in them (docs/operations-and-faults.md "Metrics").
 */
export function instrumented(given: AppContext): { ctx: AppContext; metrics: Metrics } {
  const metrics = createMetrics({
    dbPool: () => given.database.poolLoad(),
    dbQueueDelayMs: () => given.database.queueDelayMs(),
    sockets: () => given.realtime.socketCount(),
  });
  return {
    metrics,
    ctx: { ...given, mailer: countedMailer(given.mailer, metrics), push: countedPush(given.push, metrics) },
  };
}

/** The route patterns that open a personal code: the API's and the page's. */
const SCAN_ROUTES = new Set(['/api/code/:code', '/code/:code']);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read `/metrics` (docs/operations-and-faults.md "Metrics"): with
 * `METRICS_TOKEN` set, a request bearing it (`Authorization: Bearer …`,
 * compared in constant time); without it, only a request made on this
 * machine to the node itself — the connection's own address on loopback and
 * no `X-Forwarded-For`, so nothing that came through a proxy in front.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

/**
 * Counts every answer in `metrics` (route pattern, never the raw URL: a code
 * or a search term is personal) and serves `GET /metrics` in Prometheus'
 * text format to whom {@link mayReadMetrics} allows; anyone else gets the
 * 404 of an unknown address. Registered on the root app, so its hook sees
 * every route.
 */
export async function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: Pick<Config, 'metricsToken'>,
): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (SCAN_ROUTES.has(route)) metrics.scanLookups.inc({ result: scanResult(reply.statusCode) });
    done();
  });
  app.get(
    '/metrics',
    {
      // Its own guard (mayReadMetrics): loopback only, or the operator's token.
      config: { access: 'public' },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!mayReadMetrics(request, config.metricsToken)) {
        return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  );
}
