import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/harness.ts';

// The machines and CI run Redis on loopback (SETUP.md); .ci/run starts it when stopped.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('rate limits with REDIS_URL', () => {
  it('shares the counters between two API nodes', async () => {
    const env = { REDIS_URL, TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '3' };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    // A client address of its own, so parallel runs sharing this Redis never meet.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const login = (node: typeof a) =>
      node.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': client },
        payload: {},
      });
    try {
      const codes = [
        (await login(a)).statusCode,
        (await login(b)).statusCode,
        (await login(a)).statusCode,
        (await login(b)).statusCode,
      ];
      expect(codes).toEqual([422, 422, 422, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // Two apps, each a database migrated and seeded: on a busy machine that takes a while.
  }, 120_000);
});
