import type { Redis } from 'ioredis';
import type { RedisLog } from './redis.ts';

/**
 * Where the rate limits count (docs/resilience.md "Rate limits", "Redis down"): fixed
 * windows in Redis while `REDIS_URL` is set and Redis answers, and in this
 * process otherwise (the embedded default, and every Redis outage: the
 * limiter fails open to a per-node count rather than failing the request).
 * The limits themselves: rate-limit.ts.
 */

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
