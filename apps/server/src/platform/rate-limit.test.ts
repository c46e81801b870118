import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, until } from '../test/cluster.ts';
import { type PrivateRedis, privateRedis } from '../test/redis-server.ts';
import {
  type Counters,
  LocalCounters,
  REDIS_RETRY_AFTER_FAILURE_MS,
  redisCounters,
} from './rate-limit-counters.ts';
import { createFailFastRedis, REDIS_RECONNECT_MAX_MS } from './redis.ts';

describe('LocalCounters (the embedded default, and the fallback during a Redis outage)', () => {
  it('counts units in fixed windows that start with their first unit', () => {
    const counters = new LocalCounters();
    expect(counters.addNow('a', 1, 60_000, 1_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counters.addNow('a', 4, 60_000, 31_000)).toEqual({ current: 5, ttl: 30_000 });
    expect(counters.addNow('b', 1, 60_000, 31_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counters.addNow('a', 1, 60_000, 61_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps at most maxKeys windows, forgetting expired ones first, then the oldest', () => {
    const counters = new LocalCounters(10);
    for (let i = 0; i < 5; i += 1) counters.addNow(`old${i}`, 1, 1_000, 0);
    for (let i = 0; i < 5; i += 1) counters.addNow(`live${i}`, 3, 60_000, 0);
    counters.addNow('new', 1, 60_000, 2_000);
    expect(counters.size).toBe(6);
    expect(counters.addNow('live0', 1, 60_000, 2_000).current).toBe(4);
    for (let i = 0; i < 20; i += 1) counters.addNow(`flood${i}`, 1, 60_000, 2_000);
    expect(counters.size).toBeLessThanOrEqual(10);
  });
});

describe('redisCounters: in Redis while it answers, in this process while it does not', () => {
  let redis: PrivateRedis;
  const lines: { level: string; msg: string }[] = [];
  const log = {
    warn: (_obj: object, msg: string) => lines.push({ level: 'warn', msg }),
    info: (_obj: object, msg: string) => lines.push({ level: 'info', msg }),
  };
  let client: ReturnType<typeof createFailFastRedis>;
  let counters: Counters;

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    client = createFailFastRedis(redis.url, 'rate-limit', log);
    counters = redisCounters(client, log);
    await until(() => client.status === 'ready');
  });
  afterAll(async () => {
    client.disconnect();
    await redis.stop();
  });

  /** The count Redis holds for `key`, read by a connection of its own. */
  async function inRedis(key: string): Promise<number> {
    const probe = redis.client();
    try {
      return Number(await probe.get(key));
    } finally {
      probe.disconnect();
    }
  }

  /** Adds one unit to `key` and answers how long it took (ms). */
  async function timedAdd(key: string): Promise<number> {
    const started = performance.now();
    await counters.add(key, 1, 60_000);
    return performance.now() - started;
  }

  it('counts in Redis, where every node sees the same window', async () => {
    expect(await counters.add('k', 1, 60_000)).toMatchObject({ current: 1 });
    const second = await counters.add('k', 4, 60_000);
    expect(second.current).toBe(5);
    expect(second.ttl).toBeGreaterThan(59_000);
    expect(await inRedis('k')).toBe(5);
    expect(await counters.redisState()).toBe('up');
  });

  it('falls back to this process at once when Redis dies, logs it once, and returns to Redis when it is back', async () => {
    lines.length = 0;
    await redis.stop();
    await until(() => client.status !== 'ready');
    const waits: number[] = [];
    for (let i = 0; i < 50; i += 1) waits.push(await timedAdd('outage'));
    // No request waits on the dead Redis, and the in-process count goes on.
    expect(Math.max(...waits)).toBeLessThan(50);
    expect(await counters.add('outage', 1, 60_000)).toMatchObject({ current: 51 });
    expect(await counters.redisState()).toBe('down');
    await until(() => lines.length === 2);
    // Once each: the connection, and the limiter's switch (in either order).
    expect(
      lines
        .filter((l) => l.level === 'warn')
        .map((l) => l.msg)
        .sort(),
    ).toEqual([
      'rate limit: Redis unreachable; counting in this process until it answers again',
      'redis: unreachable; retrying in the background',
    ]);

    await redis.start();
    const back = Date.now();
    await until(
      async () => {
        await counters.add('after', 1, 60_000);
        return (await inRedis('after')) > 0;
      },
      REDIS_RECONNECT_MAX_MS + REDIS_RETRY_AFTER_FAILURE_MS + 2000,
    );
    expect(Date.now() - back).toBeLessThan(REDIS_RECONNECT_MAX_MS + 2000);
    expect(await counters.redisState()).toBe('up');
    expect(
      lines
        .filter((l) => l.level === 'info')
        .map((l) => l.msg)
        .sort(),
    ).toEqual(['rate limit: counting in Redis again', 'redis: reachable again']);
  });

  it('stops waiting on a hung Redis after one command timeout, and goes back to it once it answers', async () => {
    await until(() => client.status === 'ready');
    await counters.add('hang', 1, 60_000);
    redis.pause();
    try {
      // The first request waits for the command timeout (500 ms); the next ones not at all.
      expect(await timedAdd('hang')).toBeLessThan(1500);
      expect(await timedAdd('hang')).toBeLessThan(50);
      expect(await counters.redisState()).toBe('down');
    } finally {
      redis.resume();
    }
    await sleep(REDIS_RETRY_AFTER_FAILURE_MS);
    await until(async () => (await counters.redisState()) === 'up', 5000);
    const before = await inRedis('hang');
    await counters.add('hang', 1, 60_000);
    expect(await inRedis('hang')).toBe(before + 1);
  });
});
