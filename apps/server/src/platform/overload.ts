import { OVERLOADED_MESSAGE } from '@pulso/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';

/**
 * Overload shedding (docs/resilience.md "Overload"): rather than letting
 * requests queue for the database without bound (on PGlite one in ten waited
 * past 10 s under 100 connections), a node answers new requests a prompt
 * 503 `{message}` with `Retry-After` once it has too much in progress or its
 * event loop lags. The scan of a code goes last; the health check never.
 */

/** Seconds a shed client is asked to wait (`Retry-After`). */
export const OVERLOAD_RETRY_AFTER_S = 2;

/**
 * How a route fares under overload: `exempt` is never shed nor counted
 * (health, static files, the SPA), `priority` (a rescuer's scan: `GET
 * /api/code/:code`, the page `GET /code/:code`) is admitted up to twice the
 * bounds, `normal` (every other API route) up to the bounds.
 */
export type ShedClass = 'exempt' | 'priority' | 'normal';

/** The probes and the metrics answer under any load: an operator needs them most then. */
const EXEMPT_ROUTES = new Set(['/api/health', '/api/health/ready', '/metrics']);

/** The class of a request from its method and route pattern (`request.routeOptions.url`). */
export function shedClassOf(method: string, route: string | undefined): ShedClass {
  if (route === undefined || EXEMPT_ROUTES.has(route)) return 'exempt';
  if (method === 'GET' && (route === '/api/code/:code' || route === '/code/:code')) return 'priority';
  return route.startsWith('/api/') ? 'normal' : 'exempt';
}

/**
 * Whether a request of class `shedClass` is shed, given the requests in
 * progress before it (`inFlight`) and how long the event loop has been busy
 * (`lagMs`, {@link loopLag}), against `limits` (0 turns a bound off).
 */
export function shouldShed(
  shedClass: ShedClass,
  inFlight: number,
  lagMs: number,
  limits: Config['overload'],
): boolean {
  if (shedClass === 'exempt') return false;
  const factor = shedClass === 'priority' ? 2 : 1;
  return (
    (limits.maxInFlight > 0 && inFlight >= limits.maxInFlight * factor) ||
    (limits.maxEventLoopDelayMs > 0 && lagMs > limits.maxEventLoopDelayMs * factor)
  );
}

/** The page a shed scan (`GET /code/:code`, a browser's navigation) gets: it reloads itself after the wait. */
const OVERLOADED_PAGE =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
  `<meta http-equiv="refresh" content="${OVERLOAD_RETRY_AFTER_S}">` +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Pulso</title></head>' +
  `<body><main><h1>Pulso</h1><p>${OVERLOADED_MESSAGE}</p>` +
  `<p>Esta página tentará de novo em ${OVERLOAD_RETRY_AFTER_S} segundos.</p></main></body></html>`;

/** How often the event loop's timer ticks to show it is free (ms). */
const TICK_MS = 10;

/** Requests admitted in one busy stretch of the event loop before its lag may shed the next ones. */
export const MIN_ADMITTED_PER_STRETCH = 2;

/**
 * How long this process's event loop has been busy without running its
 * timers (ms), and how many requests were admitted meanwhile: a timer ticks
 * every {@link TICK_MS}, and a request read late in a busy stretch has waited
 * in its socket at least that long. Unlike an average over a second, the lag
 * rises within the stretch it measures: on PGlite, whose queries run in this
 * thread, one stretch serves every request that arrived meanwhile.
 * `stop()` ends it.
 */
export function loopLag(): { lagMs(): number; admitted(): number; admit(): void; stop(): void } {
  let tickedAt = performance.now();
  let admitted = 0;
  const timer = setInterval(() => {
    tickedAt = performance.now();
    admitted = 0;
  }, TICK_MS);
  timer.unref();
  return {
    lagMs: () => Math.max(0, performance.now() - tickedAt - TICK_MS),
    admitted: () => admitted,
    admit: () => {
      admitted += 1;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Registers the shedding on `app` (before the routes): an `onRequest` hook
 * that counts this node's requests in progress (from their arrival to the
 * close of their response, aborted ones included) and compares them, and the
 * event loop's lag ({@link loopLag}) or, when longer, how long the oldest
 * query has waited for the database (`queueDelayMs`: PGlite's turns,
 * db/turns.ts), with `limits` ({@link shouldShed}). A
 * shed API request gets 503 `{message: OVERLOADED_MESSAGE}`, a shed page a
 * small pt-BR HTML page that reloads itself, both with `Retry-After:
 * OVERLOAD_RETRY_AFTER_S`; either costs a fraction of a millisecond, so that
 * a node keeps answering everyone promptly. Decorates the app with
 * `requestsInFlight()`.
 */
export async function registerOverloadShedding(
  app: FastifyInstance,
  limits: Config['overload'],
  queueDelayMs: () => number = () => 0,
): Promise<void> {
  let inFlight = 0;
  const lag = loopLag();
  app.addHook('onClose', async () => lag.stop());
  app.decorate('requestsInFlight', () => inFlight);
  // One log line per 10 s of overload, not one per shed request: logging must not add to the load.
  let shedSinceLog = 0;
  let loggedAt = 0;

  app.addHook('onRequest', async (request, reply) => {
    const shedClass = shedClassOf(request.method, request.routeOptions.url);
    if (shedClass === 'exempt') return;
    // A stretch made long by one slow job (a start-up, a PDF) sheds nothing: requests must have piled up.
    // On PGlite the turns are kept short (db/turns.ts): the wait for the database is the lag there.
    const lagMs = Math.max(lag.admitted() >= MIN_ADMITTED_PER_STRETCH ? lag.lagMs() : 0, queueDelayMs());
    if (!shouldShed(shedClass, inFlight, lagMs, limits)) {
      inFlight += 1;
      lag.admit();
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
      return;
    }
    shedSinceLog += 1;
    if (Date.now() - loggedAt >= 10_000) {
      request.log.warn(
        { shed: shedSinceLog, inFlight, lagMs: Math.round(lagMs) },
        'overloaded: shedding requests',
      );
      loggedAt = Date.now();
      shedSinceLog = 0;
    }
    reply.header('retry-after', OVERLOAD_RETRY_AFTER_S);
    if (request.routeOptions.url !== '/code/:code') throw new HttpError(503, OVERLOADED_MESSAGE);
    return reply.code(503).type('text/html; charset=utf-8').send(OVERLOADED_PAGE);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests of this node in progress that count toward the overload bound. */
    requestsInFlight(): number;
  }
}
