import { randomInt } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_MISS_COST } from '../../platform/rate-limit.ts';
import { createPatient, createVirginCodes, registrationBody } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { freePort } from '../../test/redis-server.ts';

// The machines and CI run Redis on loopback (README.md "Tests"); vitest.config.ts requires REDIS_URL in CI.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let web: string;
let t: TestApp;
const BUDGET = 60;

beforeAll(async () => {
  // A web build with the public page's manifest, so that /code/:code names its script as in production.
  web = await mkdtemp(path.join(tmpdir(), 'pulso-web-'));
  await mkdir(path.join(web, '.vite'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(
    path.join(web, '.vite', 'code-page-manifest.json'),
    JSON.stringify({ 'src/code-page.ts': { file: 'assets/code-page-1.js' } }),
  );
  // On Redis, as several API nodes run it (the embedded default counts in process: the last test).
  t = await createTestApp({
    WEB_DIST: web,
    REDIS_URL,
    TRUST_PROXY: 'true',
    RATE_LIMIT_CODE_PER_MINUTE: String(BUDGET),
  });
});
afterAll(async () => {
  await t.close();
  await rm(web, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.reset();
});

/** A client address of its own: each test (and parallel runs sharing one Redis) has a budget of its own. */
function newClient(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A code nobody holds (`parseCode` accepts it; the seeded data has no such user). */
function unknownCode(): string {
  return `${randomInt(100, 1000)}QZ${randomInt(100, 1000)}`;
}

type Lookup = (client: string) => Promise<number>;

/** Every route that takes a personal code, each as a hit (200/201) for `code`, `virgin` and `token`. */
function hits(app: TestApp['app'], code: string, token: string, virgins: string[]): Record<string, Lookup> {
  const auth = { authorization: `Bearer ${token}` };
  const get =
    (url: string, headers: Record<string, string> = {}) =>
    async (client: string) =>
      (await app.inject({ url, headers: { 'x-forwarded-for': client, ...headers } })).statusCode;
  return {
    'GET /api/code/:code': get(`/api/code/${code}`),
    'GET /code/:code': get(`/code/${code}`),
    'GET /api/code/:code/timeline/:offset': get(`/api/code/${code}/timeline/0`, auth),
    'GET /api/timeline/user/:code': get(`/api/timeline/user/${code}`, auth),
    'GET /api/qrcode/virgins/:code': get(`/api/qrcode/virgins/${virgins[0]}`),
    'POST /api/register {code}': async (client) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/register',
          headers: { 'x-forwarded-for': client },
          payload: registrationBody({ code: virgins.shift() }),
        })
      ).statusCode,
  };
}

describe('the per-IP code budget (RATE_LIMIT_CODE_PER_MINUTE)', () => {
  it('is one budget across every route that takes a personal code', async () => {
    const p = await createPatient(t.app);
    const virgins = Array.from({ length: 12 }, (_, i) => `${100 + i}VG${randomInt(100, 1000)}`);
    await createVirginCodes(t, virgins);
    const routes = hits(t.app, p.user.code, p.token, virgins);
    const client = newClient();
    // Each route answers a hit, drawing one unit each time from the same budget.
    const answers: Record<string, number> = {};
    let spent = 0;
    for (const [route, lookup] of Object.entries(routes)) {
      answers[route] = await lookup(client);
      spent += 1;
    }
    expect(answers).toEqual({
      'GET /api/code/:code': 200,
      'GET /code/:code': 200,
      'GET /api/code/:code/timeline/:offset': 200,
      'GET /api/timeline/user/:code': 200,
      'GET /api/qrcode/virgins/:code': 200,
      'POST /api/register {code}': 201,
    });
    const lookup = routes['GET /api/code/:code'] as Lookup;
    while (spent < BUDGET) {
      expect(await lookup(client)).toBe(200);
      spent += 1;
    }
    // The budget is spent: every one of those routes now refuses this address, and only it.
    for (const [route, next] of Object.entries(routes)) {
      expect([route, await next(client)]).toEqual([route, 429]);
    }
    expect(await lookup(newClient())).toBe(200);
  });

  it('charges a miss five units: a re-typed code gets through, a scan of the code space is stopped', async () => {
    expect(CODE_MISS_COST).toBe(5);
    const p = await createPatient(t.app);
    const lookup = async (client: string, code: string) =>
      t.app.inject({ url: `/api/code/${code}`, headers: { 'x-forwarded-for': client } });

    // A paramedic mistypes three times, then gets the code right, and can open it again and again.
    const paramedic = newClient();
    for (let i = 0; i < 3; i += 1) expect((await lookup(paramedic, unknownCode())).statusCode).toBe(404);
    const found = await lookup(paramedic, p.user.code);
    expect(found.statusCode).toBe(200);
    expect(Number(found.headers['x-ratelimit-remaining'])).toBe(BUDGET - 3 * CODE_MISS_COST - 1);
    for (let i = 0; i < 20; i += 1) expect((await lookup(paramedic, p.user.code)).statusCode).toBe(200);

    // A scanner of the code space is stopped after BUDGET / 5 misses, hits included from then on.
    const scanner = newClient();
    let misses = 0;
    for (;;) {
      const res = await lookup(scanner, unknownCode());
      if (res.statusCode === 429) break;
      expect(res.statusCode).toBe(404);
      misses += 1;
    }
    expect(misses).toBe(BUDGET / CODE_MISS_COST);
    const refused = await lookup(scanner, p.user.code);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
  });

  it('charges a miss on every route: unknown page, sticker, patient to add to, and a refused sticker at registration', async () => {
    const p = await createPatient(t.app);
    const misses: Record<string, Lookup> = {
      page: async (client) => {
        const res = await t.app.inject({
          url: `/code/${unknownCode()}`,
          headers: { 'x-forwarded-for': client },
        });
        // The unknown code is the 'Código não encontrado' page, and costs a miss.
        expect(res.body).toContain('Código não encontrado');
        return res.statusCode;
      },
      virgin: async (client) =>
        (
          await t.app.inject({
            url: `/api/qrcode/virgins/${unknownCode()}`,
            headers: { 'x-forwarded-for': client },
          })
        ).statusCode,
      target: async (client) =>
        (
          await t.app.inject({
            url: `/api/timeline/user/${unknownCode()}`,
            headers: { 'x-forwarded-for': client, ...p.auth },
          })
        ).statusCode,
      register: async (client) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/register',
            headers: { 'x-forwarded-for': client },
            payload: registrationBody({ code: unknownCode() }),
          })
        ).statusCode,
    };
    const expected = { page: 404, virgin: 404, target: 404, register: 422 };
    for (const [name, miss] of Object.entries(misses)) {
      const client = newClient();
      const first = await miss(client);
      expect([name, first]).toEqual([name, expected[name as keyof typeof expected]]);
      const next = await t.app.inject({
        url: `/api/code/${p.user.code}`,
        headers: { 'x-forwarded-for': client },
      });
      expect([name, Number(next.headers['x-ratelimit-remaining'])]).toEqual([
        name,
        BUDGET - CODE_MISS_COST - 1,
      ]);
    }
  });

  it('does not charge a registration without a sticker code', async () => {
    const client = newClient();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-forwarded-for': client },
      payload: registrationBody(),
    });
    expect(res.statusCode).toBe(201);
    const p = res.json() as { user: { code: string } };
    const next = await t.app.inject({
      url: `/api/code/${p.user.code}`,
      headers: { 'x-forwarded-for': client },
    });
    expect(Number(next.headers['x-ratelimit-remaining'])).toBe(BUDGET - 1);
  });
});

// These tests build an app of their own (a fresh database, migrated and seeded): on a busy machine that takes a while.
describe('the code budget across API nodes, and during a Redis outage', () => {
  it('is shared by two nodes in Redis, misses included', async () => {
    const b = await createTestApp({
      REDIS_URL,
      TRUST_PROXY: 'true',
      RATE_LIMIT_CODE_PER_MINUTE: String(BUDGET),
    });
    try {
      const client = newClient();
      const p = await createPatient(t.app);
      const lookup = (node: TestApp, code: string) =>
        node.app.inject({ url: `/api/code/${code}`, headers: { 'x-forwarded-for': client } });
      // Misses alternate between the nodes: together they spend the budget, and both refuse the next lookup.
      for (let i = 0; i < BUDGET / CODE_MISS_COST; i += 1) {
        expect((await lookup(i % 2 === 0 ? t : b, unknownCode())).statusCode).toBe(404);
      }
      expect((await lookup(t, p.user.code)).statusCode).toBe(429);
      expect((await lookup(b, unknownCode())).statusCode).toBe(429);
      expect(await t.app.redisState()).toBe('up');
      const health = await t.app.inject({ url: '/api/health' });
      expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok', redis: 'up' }]);
    } finally {
      await b.close();
    }
  }, 120_000);

  it('is kept in this process, and still enforced, while Redis is unreachable', async () => {
    // Nothing listens on that port: the node starts during an outage.
    const down = `redis://127.0.0.1:${await freePort()}`;
    const node = await createTestApp({
      REDIS_URL: down,
      TRUST_PROXY: 'true',
      RATE_LIMIT_CODE_PER_MINUTE: '10',
    });
    try {
      const p = await createPatient(node.app);
      const client = newClient();
      const lookup = (code: string) =>
        node.app.inject({ url: `/api/code/${code}`, headers: { 'x-forwarded-for': client } });
      const started = Date.now();
      expect((await lookup(unknownCode())).statusCode).toBe(404);
      for (let i = 0; i < 5; i += 1) expect((await lookup(p.user.code)).statusCode).toBe(200);
      expect((await lookup(p.user.code)).statusCode).toBe(429);
      // No request waited on the dead Redis.
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await node.app.redisState()).toBe('down');
      const health = await node.app.inject({ url: '/api/health' });
      expect([health.statusCode, health.json()]).toEqual([200, { status: 'degraded', redis: 'down' }]);
    } finally {
      await node.close();
    }
  }, 120_000);
});
