import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OVERLOADED_MESSAGE } from '@pulso/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/cluster.ts';
import { createPatient } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import {
  loopLag,
  MIN_ADMITTED_PER_STRETCH,
  OVERLOAD_RETRY_AFTER_S,
  shedClassOf,
  shouldShed,
} from './overload.ts';

describe('which requests are shed first', () => {
  it('never sheds the health check or static files; a scan of a code goes last', () => {
    expect(shedClassOf('GET', '/api/health')).toBe('exempt');
    expect(shedClassOf('GET', '/api/health/ready')).toBe('exempt');
    expect(shedClassOf('GET', '/metrics')).toBe('exempt');
    expect(shedClassOf('GET', '/assets/index-1.js')).toBe('exempt');
    expect(shedClassOf('GET', undefined)).toBe('exempt');
    expect(shedClassOf('GET', '/api/code/:code')).toBe('priority');
    expect(shedClassOf('GET', '/code/:code')).toBe('priority');
    expect(shedClassOf('GET', '/api/code/:code/timeline/:offset')).toBe('normal');
    expect(shedClassOf('GET', '/api/home')).toBe('normal');
    expect(shedClassOf('POST', '/api/login')).toBe('normal');
  });

  it('sheds at the bounds, a scan at twice them, and not at all with a bound at 0', () => {
    const limits = { maxInFlight: 32, maxEventLoopDelayMs: 1000 };
    expect(shouldShed('normal', 31, 0, limits)).toBe(false);
    expect(shouldShed('normal', 32, 0, limits)).toBe(true);
    expect(shouldShed('priority', 63, 0, limits)).toBe(false);
    expect(shouldShed('priority', 64, 0, limits)).toBe(true);
    expect(shouldShed('normal', 0, 1000, limits)).toBe(false);
    expect(shouldShed('normal', 0, 1001, limits)).toBe(true);
    expect(shouldShed('priority', 0, 2000, limits)).toBe(false);
    expect(shouldShed('priority', 0, 2001, limits)).toBe(true);
    expect(shouldShed('exempt', 10_000, 100_000, limits)).toBe(false);
    expect(shouldShed('normal', 10_000, 100_000, { maxInFlight: 0, maxEventLoopDelayMs: 0 })).toBe(false);
  });

  it('measures how long the event loop has been busy, and counts what it admitted meanwhile', async () => {
    const lag = loopLag();
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const busyUntil = performance.now() + 60;
      while (performance.now() < busyUntil) {
        // A synchronous stretch, as a query on PGlite is.
      }
      lag.admit();
      expect(lag.lagMs()).toBeGreaterThanOrEqual(40);
      expect(lag.admitted()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(lag.lagMs()).toBeLessThan(40);
      expect(lag.admitted()).toBe(0);
    } finally {
      lag.stop();
    }
    expect(MIN_ADMITTED_PER_STRETCH).toBeGreaterThan(1);
  });
});

describe('a node past its bound of requests in progress (OVERLOAD_MAX_IN_FLIGHT)', () => {
  let t: TestApp;
  let origin: string;
  let web: string;
  const held: Socket[] = [];

  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'pulso-web-'));
    await mkdir(path.join(web, '.vite'), { recursive: true });
    await writeFile(path.join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    await writeFile(
      path.join(web, '.vite', 'code-page-manifest.json'),
      JSON.stringify({ 'src/code-page.ts': { file: 'assets/code-page-1.js' } }),
    );
    t = await createTestApp({ OVERLOAD_MAX_IN_FLIGHT: '4', WEB_DIST: web });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  /**
   * A sign-in whose body never comes: the server has admitted it (its hooks ran
   * when the headers arrived) and waits for the rest, so it stays in progress.
   */
  async function holdRequest(): Promise<void> {
    const before = t.app.requestsInFlight();
    const address = new URL(origin);
    const socket = connect(Number(address.port), address.hostname);
    held.push(socket);
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: pulso.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await until(() => t.app.requestsInFlight() === before + 1);
  }

  it('answers a prompt 503 with Retry-After and a pt-BR message; scans go on to twice the bound; health always', async () => {
    const p = await createPatient(t.app);
    for (let i = 0; i < 4; i += 1) await holdRequest();
    // Four in progress: with a bound of 2 (lowered here, as a restart with OVERLOAD_MAX_IN_FLIGHT=2 would),
    // everything is shed, scans included (twice the bound).
    t.config.overload.maxInFlight = 2;
    expect(t.app.requestsInFlight()).toBe(4);

    const shedScan = await fetch(`${origin}/api/code/${p.user.code}`);
    expect(shedScan.status).toBe(503);
    expect(shedScan.headers.get('retry-after')).toBe(String(OVERLOAD_RETRY_AFTER_S));
    expect(await shedScan.json()).toEqual({ message: OVERLOADED_MESSAGE });
    expect(OVERLOADED_MESSAGE).toBe(
      'O Pulso está com muitos acessos agora. Tente novamente em alguns segundos.',
    );
    // The page a scanned QR code opens gets a page that says so and reloads itself.
    const page = await fetch(`${origin}/code/${p.user.code}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe(String(OVERLOAD_RETRY_AFTER_S));
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(OVERLOADED_MESSAGE);
    expect(html).toContain(`<meta http-equiv="refresh" content="${OVERLOAD_RETRY_AFTER_S}">`);
    // Health stays answerable (and is not counted).
    const health = await fetch(`${origin}/api/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);

    // Requests that end, aborted ones too, give their place back: two in progress, at the bound.
    for (const socket of held.splice(0, 2)) socket.destroy();
    await until(() => t.app.requestsInFlight() === 2);
    const home = await fetch(`${origin}/api/home`, { headers: { authorization: `Bearer ${p.token}` } });
    expect(home.status).toBe(503);
    expect(home.headers.get('retry-after')).toBe(String(OVERLOAD_RETRY_AFTER_S));
    expect(await home.json()).toEqual({ message: OVERLOADED_MESSAGE });
    // A rescuer's scan is still admitted, up to twice the bound.
    const scan = await fetch(`${origin}/api/code/${p.user.code}`);
    expect(scan.status).toBe(200);

    for (const socket of held.splice(0)) socket.destroy();
    await until(() => t.app.requestsInFlight() === 0);
    const again = await fetch(`${origin}/api/home`, { headers: { authorization: `Bearer ${p.token}` } });
    expect(again.status).toBe(200);
  });
});
