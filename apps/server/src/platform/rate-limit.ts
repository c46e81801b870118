import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import { TOO_MANY_REQUESTS_MESSAGE } from '@pulso/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import type { RedisLog } from './redis.ts';

/**
 * Per-IP rate limits (docs/resilience.md "Rate limits"): `@fastify/rate-limit`
 * with a store of its own, which counts fixed windows in Redis while
 * `REDIS_URL` is set and Redis answers, and in this process otherwise (the
 * embedded default, and every Redis outage: the limiter fails open to a
 * per-node count rather than failing the request).
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

/** After a failed Redis command, how long the counters stay in-process before Redis is tried again (ms). */
export const REDIS_RETRY_AFTER_FAILURE_MS = 2000;

/** A window's count after an addition, and the milliseconds left in it. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** Where the counters live. */
export interface Counters {
  /** Adds `units` to `key`; a new key starts a window of `windowMs`. */
  add(key: string, units: number, windowMs: number): Promise<WindowCount>;
  /**
   * `up` while the counters are in Redis and it answers a PING, `down` while
   * they are kept in this process for an outage, `null` without Redis.
   */
  redisState(): Promise<'up' | 'down' | null>;
}

/**
 * Fixed-window counters in this process, at most `maxKeys` of them: when full,
 * expired windows go first, then the oldest (under a flood of addresses a
 * counter may be forgotten: the limiter then errs on letting requests through).
 */
export class LocalCounters implements Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  /** How many windows are kept. */
  get size(): number {
    return this.windows.size;
  }

  async add(key: string, units: number, windowMs: number): Promise<WindowCount> {
    return this.addNow(key, units, windowMs, Date.now());
  }

  /** {@link add} at the instant `now` (ms), synchronously. */
  addNow(key: string, units: number, windowMs: number, now: number): WindowCount {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.prune(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += units;
    return { current: window.count, ttl: window.resetAt - now };
  }

  async redisState(): Promise<null> {
    return null;
  }

  /** Makes room for a tenth of `maxKeys`: expired windows first, then the oldest. */
  private prune(now: number): void {
    const target = Math.floor(this.maxKeys * 0.9);
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}

// One round trip: add, and start the window's expiry when the key is new.
const ADD_SCRIPT = `
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}
`;

type ScriptedRedis = Redis & {
  pulsoRateLimitAdd(key: string, units: number, windowMs: number): Promise<[number, number]>;
};

/**
 * Counters in Redis (shared by every API node) that fall back to `local`
 * while Redis is unreachable: when its connection is not ready, and for
 * {@link REDIS_RETRY_AFTER_FAILURE_MS} after a command failed or timed out
 * (the connection fails fast: `platform/redis.ts`). No request waits on a
 * dead Redis. Each switch is logged once: to this process on the first
 * request of an outage, back to Redis on the first request after it.
 */
export function redisCounters(client: Redis, log: RedisLog, local = new LocalCounters()): Counters {
  const redis = client as ScriptedRedis;
  if (typeof redis.pulsoRateLimitAdd !== 'function') {
    redis.defineCommand('pulsoRateLimitAdd', { numberOfKeys: 1, lua: ADD_SCRIPT });
  }
  let retryAt = 0;
  let inRedis = true;
  const usable = () => redis.status === 'ready' && Date.now() >= retryAt;
  const failed = (error: unknown) => {
    retryAt = Date.now() + REDIS_RETRY_AFTER_FAILURE_MS;
    countLocally(error);
  };
  const countLocally = (error?: unknown) => {
    if (!inRedis) return;
    inRedis = false;
    log.warn(
      { err: error ?? new Error(`connection ${redis.status}`) },
      'rate limit: Redis unreachable; counting in this process until it answers again',
    );
  };
  return {
    async add(key, units, windowMs) {
      if (usable()) {
        try {
          const [current, ttl] = await redis.pulsoRateLimitAdd(key, units, windowMs);
          if (!inRedis) {
            inRedis = true;
            log.info({}, 'rate limit: counting in Redis again');
          }
          return { current: Number(current), ttl: Number(ttl) };
        } catch (error) {
          failed(error);
        }
      } else {
        countLocally();
      }
      return local.add(key, units, windowMs);
    },
    async redisState() {
      if (!usable()) return 'down';
      try {
        await redis.ping();
        return 'up';
      } catch (error) {
        failed(error);
        return 'down';
      }
    },
  };
}

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
 * extra cost: a code route's 404 or 403, a page marked by
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
      status === 403 ||
      (status === 422 && (request as Marked)[bodyCodeMark] === true && refusesCode(payload));
    if (miss) await counters.add(codeKey(request), CODE_MISS_COST - 1, RATE_LIMIT_WINDOW_MS);
    return payload;
  });
}
