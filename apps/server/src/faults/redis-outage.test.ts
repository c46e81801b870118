import { randomInt } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_RECONNECT_MAX_MS } from '../platform/redis.ts';
import { createSharedDatabase, type ServerProcess, sleep, startServer, until } from '../test/cluster.ts';
import { registrationBody } from '../test/factories.ts';
import { TEST_ENGINE } from '../test/harness.ts';
import { freePort, type PrivateRedis, privateRedis } from '../test/redis-server.ts';

/**
 * Fault suite (docs/resilience.md "Redis down"): a real server process
 * (`main.ts`, as `npm start` runs it) with `REDIS_URL` on a private
 * redis-server that dies and comes back under a stream of code lookups and
 * sign-ins. The server starts while Redis is already down.
 */

let redis: PrivateRedis;
let server: ServerProcess;
let web: string;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;
let code: string;
const email = `falhas.${Date.now()}@exemplo.com.br`;
const password = 'senha-segura-1';

beforeAll(async () => {
  redis = await privateRedis();
  dataDir = await mkdtemp(path.join(tmpdir(), 'pulso-faults-'));
  web = path.join(dataDir, 'web');
  await mkdir(path.join(web, '.vite'), { recursive: true });
  await mkdir(path.join(dataDir, 'data'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(
    path.join(web, '.vite', 'code-page-manifest.json'),
    JSON.stringify({ 'src/code-page.ts': { file: 'assets/code-page-1.js' } }),
  );
  const shared = TEST_ENGINE === 'postgres' ? await createSharedDatabase() : null;
  dropDatabase = shared?.drop;
  server = await startServer(await freePort(), {
    REDIS_URL: redis.url,
    DATA_DIR: path.join(dataDir, 'data'),
    WEB_DIST: web,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_CODE_PER_MINUTE: '1000',
    ...(shared ? { DATABASE_URL: shared.url } : {}),
  });
  const res = await fetch(`${server.origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient() },
    body: JSON.stringify(registrationBody({ email, password, password_confirmation: password })),
  });
  expect(res.status).toBe(201);
  code = ((await res.json()) as { user: { code: string } }).user.code;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await redis?.stop();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

function newClient(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

async function health(): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.origin}/api/health`);
  return { status: res.status, body: await res.json() };
}

interface Answer {
  request: string;
  status: number;
  ms: number;
}

/** One round of what a rescuer and a patient do: the answers must be exactly these, never a 500. */
const EXPECTED: Record<string, number> = {
  'GET /api/code/:code': 200,
  'GET /api/code/:unknown': 404,
  'GET /code/:code': 200,
  'POST /api/login': 200,
  'POST /api/login (wrong password)': 422,
};

async function round(): Promise<Answer[]> {
  const client = newClient();
  const send = async (request: string, url: string, init: RequestInit = {}): Promise<Answer> => {
    const started = performance.now();
    const res = await fetch(`${server.origin}${url}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    });
    await res.arrayBuffer();
    return { request, status: res.status, ms: performance.now() - started };
  };
  const login = (pass: string) => ({ method: 'POST', body: JSON.stringify({ email, password: pass }) });
  return Promise.all([
    send('GET /api/code/:code', `/api/code/${code}`),
    send('GET /api/code/:unknown', `/api/code/${randomInt(100, 1000)}QZ${randomInt(100, 1000)}`),
    send('GET /code/:code', `/code/${code}`),
    send('POST /api/login', '/api/login', login(password)),
    send('POST /api/login (wrong password)', '/api/login', login('senha-errada-1')),
  ]);
}

/** Rounds back to back until `stop` resolves; answers every answer. */
async function stream(stop: Promise<void>): Promise<Answer[]> {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const answers: Answer[] = [];
  while (!stopped) answers.push(...(await round()));
  return answers;
}

/** The answers that are not what a working node answers. */
const unexpected = (answers: Answer[]) => answers.filter((a) => a.status !== EXPECTED[a.request]);

/** The count the limiter keeps in Redis for a client's code budget (0 when it has none there). */
async function countInRedis(client: string): Promise<number> {
  const probe = redis.client();
  try {
    return Number(await probe.get(`pulso-rl:code:${client}code`));
  } finally {
    probe.disconnect();
  }
}

/** Opens the patient's code as `client` and answers whether that lookup was counted in Redis. */
async function countedInRedis(): Promise<boolean> {
  const client = newClient();
  const res = await fetch(`${server.origin}/api/code/${code}`, { headers: { 'x-forwarded-for': client } });
  expect(res.status).toBe(200);
  return (await countInRedis(client)) === 1;
}

const lines = (text: string) =>
  server
    .output()
    .split('\n')
    .filter((l) => l.includes(text)).length;

describe('a Redis outage (REDIS_URL set, Redis gone)', () => {
  it('a node started while Redis is down serves lookups and sign-ins, says degraded, and uses Redis once it is up', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'degraded', redis: 'down' } });
    const answers = [...(await round()), ...(await round()), ...(await round())];
    expect(unexpected(answers)).toEqual([]);

    await redis.start();
    const started = Date.now();
    await until(async () => ((await health()).body as { status: string }).status === 'ok', 10_000);
    expect(Date.now() - started).toBeLessThan(REDIS_RECONNECT_MAX_MS + 3000);
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', redis: 'up' } });
    await until(countedInRedis, 5000);
  });

  it('keeps answering a stream of lookups and sign-ins while Redis dies and comes back, and counts in Redis again', async () => {
    let finish: () => void = () => {};
    const running = stream(new Promise<void>((resolve) => (finish = resolve)));
    await sleep(300);
    await redis.stop();
    await until(async () => ((await health()).body as { status: string }).status === 'degraded', 5000);
    await sleep(500);
    await redis.start();
    const started = Date.now();
    await until(async () => ((await health()).body as { status: string }).status === 'ok', 10_000);
    const recovered = Date.now() - started;
    await sleep(300);
    finish();
    const answers = await running;

    expect(unexpected(answers)).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
    // The login of the defect waited up to 1.9 s for a dead Redis before its 500; now nothing waits on it.
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest).toBeLessThan(3000);
    expect(recovered).toBeLessThan(REDIS_RECONNECT_MAX_MS + 3000);
    await until(countedInRedis, 5000);

    // Logged through pino, once per outage (two so far: at start, and this one), never ioredis' own lines.
    expect(server.output()).not.toContain('Unhandled error event');
    expect(lines('rate limit: Redis unreachable')).toBe(2);
    expect(lines('"redis":"rate-limit"')).toBe(2);
    expect(server.child.exitCode).toBeNull();
  });
});
