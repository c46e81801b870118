import { Redis, type RedisOptions } from 'ioredis';

/** Where the Redis helpers report trouble (a pino logger fits). */
export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Longest pause between two reconnection attempts (ms): Redis is used again within about this long of coming back. */
export const REDIS_RECONNECT_MAX_MS = 1000;

/**
 * Options of a Redis connection that a request may wait on (docs/resilience.md
 * "Redis down"): it fails fast instead of queueing. No offline queue (a command
 * sent while disconnected is refused at once), 1 s to connect, 500 ms per
 * command, and a reconnection attempt at least every
 * {@link REDIS_RECONNECT_MAX_MS} for as long as the outage lasts.
 */
export const FAIL_FAST_REDIS_OPTIONS = {
  enableOfflineQueue: false,
  connectTimeout: 1000,
  commandTimeout: 500,
  maxRetriesPerRequest: 0,
  retryStrategy: (times: number) => Math.min(times * 100, REDIS_RECONNECT_MAX_MS),
  // CLIENT SETINFO exists from Redis 7.2; older servers (Debian 12 ships 7.0) refuse it at each connect.
  disableClientInfo: true,
} satisfies RedisOptions;

/**
 * Logs a connection's outages once each, through `log`: the first error or
 * reconnection after it was ready (ioredis retries every few hundred
 * milliseconds, and without an `error` listener prints "Unhandled error
 * event" for each attempt), and its return.
 * `name` tells which connection (`rate-limit`, `realtime publish`…).
 */
export function reportOutages(client: Redis, name: string, log: RedisLog): void {
  let down = false;
  const lost = (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, redis: name }, 'redis: unreachable; retrying in the background');
  };
  client.on('error', lost);
  // A connection lost without an error (the server died) is first told by a scheduled reconnection.
  client.on('reconnecting', () => lost(new Error('connection lost')));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: name }, 'redis: reachable again');
  });
}

/**
 * A connection for work a request waits on (rate-limit counters, health):
 * {@link FAIL_FAST_REDIS_OPTIONS}, outages logged once through `log`.
 */
export function createFailFastRedis(url: string, name: string, log: RedisLog): Redis {
  const client = new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, connectionName: `pulso:${name}` });
  reportOutages(client, name, log);
  return client;
}

/**
 * Resolves once `client` is ready, or after `timeoutMs` (an outage: the
 * caller goes on without it). Used at start-up, so that a healthy Redis
 * counts from the first request and a dead one delays the start by at most
 * `timeoutMs`.
 */
export function readyOrTimeout(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    client.once('ready', done);
  });
}

/** Closes a Redis connection, at once if it is not connected. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
