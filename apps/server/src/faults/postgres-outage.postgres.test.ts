import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@pulso/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { type ServerProcess, sleep, startServer, until, withClient } from '../test/cluster.ts';
import { call, freePort, loginStatus, type OwnPostgres, register, startOwnPostgres } from '../test/faults.ts';

// Fault suite, PostgreSQL outage (docs/operations-and-faults.md "Fault tests"): a PostgreSQL instance
// of the test's own (initdb + pg_ctl on a free port; never the shared one) is stopped and started
// again under a bounded load of registrations and reads against one real server process, which is
// never restarted.

let pg: OwnPostgres;
let server: ServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-outage-'));

beforeAll(async () => {
  pg = await startOwnPostgres();
  server = await startServer(
    await freePort(),
    { DATABASE_URL: pg.url, DATA_DIR: dataDir, SEED_DEMO: 'false', RATE_LIMIT_AUTH_PER_MINUTE: '100000' },
    120_000,
  );
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode !== null) console.error(server.output());
  server?.child.kill('SIGKILL');
  await pg?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

type Phase = 'before' | 'down' | 'after';
interface Outcome {
  phase: Phase;
  what: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
}

describe('fault suite: PostgreSQL stopped and started under load', () => {
  it('answers 503 + Retry-After while it is down (never 500), and everything again once it is back, nothing acknowledged lost', async () => {
    const ana = await register(server.origin);
    expect(ana.status).toBe(201);
    const token = ana.token as string;
    const acknowledged: { email: string; password: string }[] = [];
    const outcomes: Outcome[] = [];
    let phase: Phase = 'before';
    let loading = true;

    // Four clients, each a bounded loop (at most 2000 requests, 20 ms apart, 120 s) until told to stop.
    const deadline = Date.now() + 120_000;
    const worker = async (n: number) => {
      for (let i = 0; loading && i < 2000 && Date.now() < deadline; i += 1) {
        const started = phase;
        // A request that began or ended while the database was going or coming back counts as 'down'.
        const label = (): Phase => (phase === started ? started : 'down');
        try {
          if (i % 3 === 0) {
            const made = await register(server.origin, { name: `Carga ${n} ${i}` });
            outcomes.push({ phase: label(), what: 'register', ...made });
            if (made.status === 201) acknowledged.push({ email: made.email, password: made.password });
          } else {
            const url = i % 3 === 1 ? '/api/user' : '/api/home';
            const res = await call(server.origin, 'GET', url, { token });
            outcomes.push({ phase: label(), what: url, ...res });
          }
        } catch (error) {
          outcomes.push({
            phase: label(),
            what: 'network',
            status: 0,
            retryAfter: null,
            body: String(error),
          });
        }
        await sleep(20);
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));

    // Under way first: registrations and reads answered before the database goes.
    const answered = (p: Phase) => outcomes.filter((o) => o.phase === p).length;
    await until(() => answered('before') >= 8, 60_000);
    phase = 'down';
    await pg.stop();
    await sleep(2500);
    const health = await call(server.origin, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));

    await pg.start();
    // Back without restarting the server: its pool reconnects by itself.
    await until(async () => (await call(server.origin, 'GET', '/api/health')).status === 200, 30_000);
    phase = 'after';
    await until(() => answered('after') >= 8, 60_000);
    loading = false;
    await load;

    expect(server.child.exitCode).toBeNull();
    const statuses = (p: Phase) => new Set(outcomes.filter((o) => o.phase === p).map((o) => o.status));
    expect([...statuses('before')].filter((s) => s !== 200 && s !== 201)).toEqual([]);
    // While down: an answer for every request, 503 with Retry-After and the pt-BR message, never 500.
    const down = outcomes.filter((o) => o.phase === 'down');
    expect(down.some((o) => o.status === 503)).toBe(true);
    for (const o of down.filter((d) => d.status !== 200 && d.status !== 201)) {
      expect({ status: o.status, retryAfter: o.retryAfter, body: o.body }, o.what).toEqual({
        status: 503,
        retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
        body: { message: SERVICE_UNAVAILABLE_MESSAGE },
      });
    }
    const after = outcomes.filter((o) => o.phase === 'after');
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((o) => o.status !== 200 && o.status !== 201)).toEqual([]);

    // Nothing acknowledged is lost or doubled: every 201 signs in, and is one row.
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const account of acknowledged) {
      expect(await loginStatus(server.origin, account.email, account.password)).toBe(200);
    }
    const emails = acknowledged.map((a) => a.email);
    const rows = await withClient(pg.url, (c) =>
      c.query<{ email: string; n: string }>(
        'select email, count(*) as n from users where email = any($1) group by email',
        [emails],
      ),
    );
    expect(rows.rows).toHaveLength(emails.length);
    expect(rows.rows.every((r) => r.n === '1')).toBe(true);
  }, 180_000);
});
