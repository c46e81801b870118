/**
 * Overload benchmark (issue 15, defect 11; bench/README.md "overload.ts"):
 * the production server on embedded PGlite under more load than it can
 * serve. The parent forks the server (`buildApp`, NODE_ENV=production, PGlite
 * on disk in a temporary DATA_DIR, the default overload settings), makes one
 * patient with full emergency data, then drives it with autocannon at 100
 * connections for 20 s, each connection alternating `GET /api/code/:code` (a
 * rescuer's scan, no token) and `GET /api/home` (the patient, signed in),
 * with autocannon's 10 s timeout. A bare Fastify hello-world on the same two
 * paths is driven the same way first. It prints what was completed, the 2xx
 * and 503 answers per route, the timeouts, p50/p99 latency, the 2xx rate as a
 * ratio to bare Fastify's, and the machine's load average (the machine is
 * shared: say it with the figures). Target: 0 timeouts; every answer a 2xx
 * or a prompt 503.
 *
 * BENCH_OVERLOAD_SECONDS (default 20) and BENCH_OVERLOAD_CONNECTIONS
 * (default 100) change the load; OVERLOAD_MAX_IN_FLIGHT and
 * OVERLOAD_MAX_EVENT_LOOP_DELAY_MS are handed to the server (0 turns a bound
 * off: both at 0 measure the node without shedding).
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createPatient, fillEmergencyData } from '../apps/server/src/test/factories.ts';
import { bootApp, forkServer, portOf } from './app-server.ts';

const SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 100);
const TIMEOUT_S = 10;

type Ready = { type: 'ready'; port: number; code: string; token: string };

/** Server role: the real app on PGlite with one patient, listening on 127.0.0.1 until told to stop. */
async function serve(): Promise<void> {
  // OVERLOAD_MAX_IN_FLIGHT and OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, when set, reach the server (README "Configuração").
  const overload = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[0].startsWith('OVERLOAD_') && e[1] !== undefined,
    ),
  );
  const { app, database, stop } = await bootApp(undefined, overload);
  const patient = await createPatient(app);
  await fillEmergencyData(database.db, patient.user.id);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.on('message', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  process.send?.({
    type: 'ready',
    port: portOf(app),
    code: patient.user.code,
    token: patient.token,
  } satisfies Ready);
}

/**
 * Baseline role: a bare Fastify hello-world on both paths (no database, no
 * plugins), driven the same way first, so that the run's figures read as a
 * ratio to what this machine serves at that moment (bench/README.md).
 */
async function serveBaseline(): Promise<void> {
  const app = Fastify();
  app.get('/api/code/:code', async () => ({ hello: 'world' }));
  app.get('/api/home', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('message', () => void shutdown());
  process.send?.({ type: 'ready', port: portOf(app), code: 'HELLO', token: '' } satisfies Ready);
}

/** Per route: answers by status class, and the latency of the 503s. */
interface RouteCount {
  ok: number;
  unavailable: number;
  other: number;
  retryAfterMissing: number;
}

/** One autocannon run against a forked server of `role`: its result, counts per route and when timeouts were told. */
async function drive(role: 'server' | 'baseline') {
  const { child, ready } = await forkServer<Ready>(fileURLToPath(import.meta.url), { BENCH_ROLE: role });
  const origin = `http://127.0.0.1:${ready.port}`;
  const codePath = `/api/code/${ready.code}`;
  const auth = { authorization: `Bearer ${ready.token}` };
  for (const [path, headers] of [
    [codePath, {}],
    ['/api/home', auth],
  ] as const) {
    const res = await fetch(`${origin}${path}`, { headers });
    if (res.status !== 200) throw new Error(`probe ${path}: ${res.status} ${await res.text()}`);
  }

  const counts: Record<string, RouteCount> = {
    'GET /api/code/:code': { ok: 0, unavailable: 0, other: 0, retryAfterMissing: 0 },
    'GET /api/home': { ok: 0, unavailable: 0, other: 0, retryAfterMissing: 0 },
  };
  const count = (route: string) => (status: number, _body: string, _context: unknown, headers: unknown) => {
    const c = counts[route] as RouteCount;
    if (status >= 200 && status < 300) c.ok += 1;
    else if (status === 503) {
      c.unavailable += 1;
      if (!(headers as Record<string, string> | undefined)?.['retry-after']) c.retryAfterMissing += 1;
    } else c.other += 1;
  };
  const startedAt = Date.now();
  // When the timeouts happened, by second of the run (a timeout is told TIMEOUT_S after its request left).
  const timeoutsAt = new Map<number, number>();
  const run = autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: TIMEOUT_S,
    requests: [
      { method: 'GET', path: codePath, onResponse: count('GET /api/code/:code') },
      { method: 'GET', path: '/api/home', headers: auth, onResponse: count('GET /api/home') },
    ],
  });
  // The returned instance is also an EventEmitter (autocannon's README), which its types leave out.
  (run as unknown as { on(event: 'reqError', listener: () => void): void }).on('reqError', () => {
    const second = Math.floor((Date.now() - startedAt) / 1000);
    timeoutsAt.set(second, (timeoutsAt.get(second) ?? 0) + 1);
  });
  const result = await run;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
  return { result, counts, timeoutsAt };
}

async function main(): Promise<void> {
  if (process.env.BENCH_ROLE === 'server') return serve();
  if (process.env.BENCH_ROLE === 'baseline') return serveBaseline();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const loadBefore = load();
  console.log(
    `${CONNECTIONS} connections for ${SECONDS} s, alternating GET /api/code/:code and GET /api/home ` +
      `(signed in), ${TIMEOUT_S} s timeout: bare Fastify first, then the PGlite server; load average ${loadBefore}`,
  );
  const baseline = await drive('baseline');
  const { result, counts, timeoutsAt } = await drive('server');

  const completed = result.requests.total;
  const statuses = result.statusCodeStats as Record<string, { count: number }>;
  const unavailable = statuses['503']?.count ?? 0;
  const baselineRps = baseline.result.requests.average;
  console.log(`\n${new Date().toISOString()}, Node ${process.version}`);
  console.log(`load average before ${loadBefore}, after ${load()} (1, 5, 15 min)`);
  console.log(
    `bare Fastify: ${Math.round(baselineRps)} req/s, p99 ${baseline.result.latency.p99} ms, ` +
      `${baseline.result.timeouts} timeouts`,
  );
  console.log(
    '| completed | 2xx | 503 | other | timeouts | errors | p50 ms | p99 ms | max ms | req/s | 2xx/s ÷ bare Fastify |\n' +
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  console.log(
    `| ${completed} | ${result['2xx']} | ${unavailable} | ${result.non2xx - unavailable} | ${result.timeouts} | ` +
      `${result.errors} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ` +
      `${Math.round(result.requests.average)} | ${(result['2xx'] / SECONDS / baselineRps).toFixed(4)} |`,
  );
  console.log('\n| route | 2xx | 503 | 503 without retry-after | other |\n|---|---:|---:|---:|---:|');
  for (const [route, c] of Object.entries(counts)) {
    console.log(`| ${route} | ${c.ok} | ${c.unavailable} | ${c.retryAfterMissing} | ${c.other} |`);
  }
  if (result.timeouts > 0) {
    const when = [...timeoutsAt].map(([second, n]) => `${n} at ${second} s`).join(', ');
    console.error(`\n${result.timeouts} requests waited past ${TIMEOUT_S} s (told: ${when})`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
