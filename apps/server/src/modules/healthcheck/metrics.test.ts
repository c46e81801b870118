import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedPush, createMetrics } from '../../platform/metrics.ts';
import type { PushSender } from '../../platform/push.ts';
import { until } from '../../test/cluster.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const TOKEN = 't'.repeat(40);
let t: TestApp;
let withToken: TestApp;

beforeAll(async () => {
  [t, withToken] = await Promise.all([createTestApp(), createTestApp({ METRICS_TOKEN: TOKEN })]);
});
afterAll(async () => {
  await Promise.all([t.close(), withToken.close()]);
});

/** GET /metrics as `from` (light-my-request's default address is 127.0.0.1). */
const scrape = (app: TestApp, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one series of the exposition text, or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics (docs/operations-and-faults.md "Metrics")', () => {
  it('counts answers by route pattern and status, the scans by result, and never writes a code', async () => {
    const ana = await createPatient(t.app);
    await fillEmergencyData(t.database.db, ana.user.id);
    expect((await t.app.inject({ url: `/api/code/${ana.user.code}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/code/999ZZ999' })).statusCode).toBe(404);
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(
      seriesValue(text, 'pulso_http_requests_total{method="GET",route="/api/code/:code",status="200"}'),
    ).toBe(1);
    expect(
      seriesValue(text, 'pulso_http_requests_total{method="GET",route="/api/code/:code",status="404"}'),
    ).toBe(1);
    expect(seriesValue(text, 'pulso_scan_lookups_total{result="found"}')).toBe(1);
    expect(seriesValue(text, 'pulso_scan_lookups_total{result="not_found"}')).toBe(1);
    expect(
      seriesValue(
        text,
        'pulso_http_request_duration_seconds_count{method="POST",route="/api/register",status="201"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(ana.user.code);
    expect(text).not.toContain('999ZZ999');
    // The gauges read at each scrape, and Node's own.
    expect(seriesValue(text, 'pulso_db_pool_waiting')).toBe(0);
    expect(seriesValue(text, 'pulso_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'pulso_realtime_sockets')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('pulso_db_queue_delay_seconds');
  });

  it('counts the mail handed to the transport (the registration’s confirmation)', async () => {
    // The app with a token has had no registration: its count starts at nothing. The mail leaves after the answer.
    const sent = async () =>
      seriesValue(
        (await scrape(withToken, { authorization: `Bearer ${TOKEN}` })).body,
        'pulso_mails_total{outcome="sent"}',
      ) ?? 0;
    expect(await sent()).toBe(0);
    await createPatient(withToken.app);
    await until(async () => (await sent()) > 0, 10_000);
    expect(await sent()).toBe(1);
  });

  it('answers the 404 of an unknown address to anyone not on this machine, or through a proxy', async () => {
    expect((await scrape(t, {}, '203.0.113.7')).statusCode).toBe(404);
    expect((await scrape(t, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await scrape(t, {}, '::1')).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, answers only the bearer of it, from anywhere', async () => {
    expect((await scrape(withToken, { authorization: `Bearer ${TOKEN}` }, '203.0.113.7')).statusCode).toBe(
      200,
    );
    expect((await scrape(withToken, { authorization: `Bearer ${'x'.repeat(40)}` })).statusCode).toBe(404);
    expect((await scrape(withToken, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await scrape(withToken)).statusCode).toBe(404);
  });
});

describe('countedPush', () => {
  it('counts each device delivered, removed or failed', async () => {
    const metrics = createMetrics({
      dbPool: () => ({ inUse: 0, waiting: 0 }),
      dbQueueDelayMs: () => 0,
      sockets: () => 0,
    });
    const push: PushSender = {
      publicKey: 'B',
      sendToUser: async () => ({ sent: 2, removed: 1, failed: 3 }),
    };
    expect(await countedPush(push, metrics).sendToUser(1, { title: 'Pulso', body: 'x' })).toEqual({
      sent: 2,
      removed: 1,
      failed: 3,
    });
    const text = await metrics.registry.metrics();
    expect(seriesValue(text, 'pulso_pushes_total{outcome="sent"}')).toBe(2);
    expect(seriesValue(text, 'pulso_pushes_total{outcome="removed"}')).toBe(1);
    expect(seriesValue(text, 'pulso_pushes_total{outcome="failed"}')).toBe(3);
  });
});
