import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/harness.ts';

// The machines and CI run Redis on loopback (README.md "Tests"); .ci/run starts it when stopped.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('rate limits with REDIS_URL', () => {
  it('shares the counters between two API nodes', async () => {
    const env = {
      REDIS_URL,
      TRUST_PROXY: 'true',
      RATE_LIMIT_AUTH_PER_MINUTE: '3',
      RATE_LIMIT_LOGIN_FAILURES: '3',
    };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    // A client address of its own, so parallel runs sharing this Redis never meet.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const post = (node: typeof a, url: string, payload: Record<string, string>) =>
      node.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': client }, payload });
    // Wrong passwords at sign-in, on e-mails of their own (the per-account throttle stays out of it).
    const wrongLogin = (node: typeof a) =>
      post(node, '/api/login', { email: `${randomInt(1e9)}@exemplo.com.br`, password: 'errada-xyz-1' });
    try {
      const codes = [
        (await post(a, '/api/register', {})).statusCode,
        (await post(b, '/api/register', {})).statusCode,
        (await post(a, '/api/register', {})).statusCode,
        (await post(b, '/api/register', {})).statusCode,
      ];
      expect(codes).toEqual([422, 422, 422, 429]);
      const failures = [
        (await wrongLogin(a)).statusCode,
        (await wrongLogin(b)).statusCode,
        (await wrongLogin(a)).statusCode,
        (await wrongLogin(b)).statusCode,
      ];
      expect(failures).toEqual([422, 422, 422, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // Two apps, each a database migrated and seeded: on a busy machine that takes a while.
  }, 120_000);
});
