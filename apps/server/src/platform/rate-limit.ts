import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import { TOO_MANY_REQUESTS_MESSAGE } from '@pulso/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import type { Counters, WindowCount } from './rate-limit-counters.ts';

/**
 * Per-IP rate limits (docs/resilience.md "Rate limits"): `@fastify/rate-limit`
 * with a store of its own over the fixed-window counters of
 * rate-limit-counters.ts (in Redis while it answers, in this process otherwise).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may take a personal code in `body.code` (registration with a
     * sticker code): when it does, the request draws from the per-IP code
     * budget too, and a refusal of that code costs a miss.
     */
    codeInBody?: boolean;
  }
}

/** One window of the counters, in milliseconds. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** `groupId` of the routes that share the per-IP code budget. */
export const CODE_BUDGET_GROUP = 'code';

/**
 * Units of the code budget that a miss costs in all (a hit costs 1): with
 * the default 60 a minute, 12 unknown codes a minute, or 60 patients found.
 */
export const CODE_MISS_COST = 5;

/** The `store` option of `@fastify/rate-limit`: one class per app, bound to its counters. */
function storeOf(counters: Counters, namespace: string) {
  // What the plugin really hands `child`: the route's merged limit options (its types say route options).
  type RouteParams = { groupId?: string; routeInfo?: { method?: unknown; url?: string } };
  return class PulsoRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = namespace,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: WindowCount) => void,
      timeWindow: number,
    ): void {
      counters.add(this.prefix + key, 1, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /**
     * The window's count without adding to it (`createRateLimit(…)(request,
     * {increment: false})`): an addition of 0, which at most opens an empty window.
     */
    read(
      key: string,
      callback: (error: Error | null, result?: WindowCount) => void,
      timeWindow: number,
    ): void {
      counters.add(this.prefix + key, 0, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** Routes of one `groupId` share their counters; any other route has its own. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): PulsoRateLimitStore {
      const params = routeOptions as unknown as RouteParams;
      const scope = params.groupId ?? `${String(params.routeInfo?.method)}${params.routeInfo?.url ?? ''}`;
      return new PulsoRateLimitStore(undefined, `${namespace}${scope}:`);
    }
  };
}

/**
 * The `config.rateLimit` of every route that takes a personal code in its
 * path: one budget per IP of `RATE_LIMIT_CODE_PER_MINUTE` units a minute
 * across all of them (docs/resilience.md "The code budget").
 */
export function codeBudget(config: Config): { max: number; timeWindow: number; groupId: string } {
  return {
    max: config.rateLimit.codePerMinute,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    groupId: CODE_BUDGET_GROUP,
  };
}

const missMark = Symbol('pulso.codeMiss');
const bodyCodeMark = Symbol('pulso.codeInBody');
type Marked = FastifyRequest & { [missMark]?: boolean; [bodyCodeMark]?: boolean };

/**
 * Records that this request's code opened nothing although the answer is not
 * a 404 (the page `/code/:code` answers its plain shell to an unknown code),
 * so that it costs a miss.
 */
export function markCodeMiss(request: FastifyRequest): void {
  (request as Marked)[missMark] = true;
}

/** Whether a 422 body names the field `code` (a refused sticker code at registration). */
function refusesCode(payload: unknown): boolean {
  if (typeof payload !== 'string') return false;
  try {
    const body = JSON.parse(payload) as { errors?: Record<string, unknown> };
    return Boolean(body.errors && 'code' in body.errors);
  } catch {
    return false;
  }
}

/**
 * Registers `@fastify/rate-limit` (no global limit: each route names its
 * own) on `counters` under the key prefix `namespace`, and the code budget's
 * extra cost: a code route's 404, 410 or 403, a page marked by
 * {@link markCodeMiss}, or a registration refusing its `code` adds
 * {@link CODE_MISS_COST} − 1 units before the answer leaves. Routes with
 * `config.codeInBody` draw 1 unit when the body carries a code (429 past the
 * budget, with `retry-after` in seconds).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { config: Config; counters: Counters; namespace?: string },
): Promise<void> {
  const { config, counters } = options;
  const namespace = options.namespace ?? 'pulso-rl:';
  await app.register(rateLimit, {
    global: false,
    store: storeOf(counters, namespace),
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS_MESSAGE),
  });

  // The key `@fastify/rate-limit` gives a request of the code group: its address, then the group.
  const codeKey = (request: FastifyRequest) =>
    `${namespace}${CODE_BUDGET_GROUP}:${normalizeIP(request.ip, 64)}${CODE_BUDGET_GROUP}`;
  const onCodeBudget = (request: FastifyRequest) => {
    const limit = request.routeOptions.config?.rateLimit;
    return (
      (typeof limit === 'object' && limit !== null && limit.groupId === CODE_BUDGET_GROUP) ||
      (request as Marked)[bodyCodeMark] === true
    );
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.codeInBody) return;
    const draw = async (request: FastifyRequest, reply: { header(name: string, value: number): unknown }) => {
      const code = (request.body as { code?: unknown } | undefined)?.code;
      if (typeof code !== 'string' || code.trim() === '') return;
      (request as Marked)[bodyCodeMark] = true;
      const { current, ttl } = await counters.add(codeKey(request), 1, RATE_LIMIT_WINDOW_MS);
      if (current > config.rateLimit.codePerMinute) {
        reply.header('retry-after', Math.max(1, Math.ceil(ttl / 1000)));
        throw new HttpError(429, TOO_MANY_REQUESTS_MESSAGE);
      }
    };
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), draw];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!onCodeBudget(request)) return payload;
    const status = reply.statusCode;
    const miss =
      (request as Marked)[missMark] === true ||
      status === 404 ||
      status === 410 ||
      status === 403 ||
      (status === 422 && (request as Marked)[bodyCodeMark] === true && refusesCode(payload));
    if (miss) await counters.add(codeKey(request), CODE_MISS_COST - 1, RATE_LIMIT_WINDOW_MS);
    return payload;
  });
}
