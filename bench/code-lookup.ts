/**
 * Benchmark of the paramedic's hot path, `GET /api/code/:code` (bench/README.md).
 *
 * The parent process forks one API server per engine (PGlite on disk, and
 * PostgreSQL when DATABASE_URL is set), waits for it to listen on 127.0.0.1,
 * drives it with autocannon for 10 s at 10 and at 100 connections and prints
 * req/s, p50/p97.5/p99 latency, the server's CPU time per request and its
 * memory (RSS, peak RSS, live heap). The server runs in its own process so
 * that the load generator neither shares its event loop nor counts in its
 * memory. A bare Fastify hello-world is measured the same way first: on a
 * shared machine the ratio to it means more than the absolutes.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { code_access_logs } from '../apps/server/src/db/schema/index.ts';
import { createPatient, fillEmergencyData } from '../apps/server/src/test/factories.ts';
import { serverEnv, serverNodeFlags } from '../scripts/node-flags.mjs';
import { bootApp, forkServer, portOf, usage } from './app-server.ts';
import { serveFloor } from './floor-server.ts';
import { reportJson } from './report.ts';

/**
 * `baseline` is a bare Fastify hello-world: no database, no plugins. `floor-*` is bare Fastify writing one
 * row per request on that engine (floor-server.ts): the most a scan, which logs every opening, can do.
 */
type Engine = 'baseline' | 'floor-pglite' | 'pglite' | 'floor-postgres' | 'postgres';

/** Parent → server messages. */
type Command = { type: 'stats' } | { type: 'stop' };
/** Server → parent messages. */
type Report =
  | { type: 'ready'; port: number; code: string }
  | {
      type: 'stats';
      rssMiB: number;
      maxRssMiB: number;
      liveHeapMiB: number;
      cpuMs: number;
      accessLogRows: number;
    };

const DURATION_S = 10;
const WARMUP_S = 2;
/** `BENCH_CONNECTIONS=10` runs one level only (e.g. for a profile of it). */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);

// ---------------------------------------------------------------- server role

/** Answers parent commands until told to stop. */
function obey(
  port: number,
  code: string,
  accessLogRows: () => Promise<number>,
  stop: () => Promise<void>,
): void {
  const send = (report: Report) => process.send?.(report);
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.on('message', async (command: Command) => {
    if (command.type === 'stats') send({ type: 'stats', ...usage(), accessLogRows: await accessLogRows() });
    else await shutdown();
  });
  // The parent kills this server when a run fails: drop the database all the same.
  process.once('SIGTERM', () => void shutdown());
  send({ type: 'ready', port, code });
}

/** The reference point of every figure (bench/README.md): Fastify answering a constant JSON. */
async function serveBaseline(): Promise<void> {
  const app = Fastify();
  app.get('/api/code/:code', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  obey(
    portOf(app),
    'HELLO',
    async () => 0,
    () => app.close(),
  );
}

/** Builds the real app on a fresh database with one patient holding full emergency data, then listens. */
async function serve(engine: Engine, adminUrl: string | undefined): Promise<void> {
  const { app, database, stop } = await bootApp(engine === 'postgres' ? adminUrl : undefined);
  const patient = await createPatient(app);
  await fillEmergencyData(database.db, patient.user.id);
  await app.listen({ host: '127.0.0.1', port: 0 });
  obey(
    portOf(app),
    patient.user.code,
    async () => (await database.db.select({ n: count() }).from(code_access_logs))[0]?.n ?? 0,
    stop,
  );
}

// ---------------------------------------------------------------- load role

interface Row {
  engine: Engine;
  connections: number;
  reqPerSec: number;
  p50: number;
  p975: number;
  p99: number;
  rssMiB: number;
  maxRssMiB: number;
  liveHeapMiB: number;
  /** Server CPU time (user + system) per answered request, in ms. */
  cpuMsPerRequest: number;
  /** Non-2xx answers, socket errors and timeouts (autocannon's 10 s) together. */
  failures: number;
  /** Requests autocannon gave up on after 10 s. */
  timeouts: number;
}

type Stats = Extract<Report, { type: 'stats' }>;

async function startServer(engine: Engine): Promise<{ child: ChildProcess; port: number; code: string }> {
  const { child, ready } = await forkServer<Extract<Report, { type: 'ready' }>>(
    fileURLToPath(import.meta.url),
    {
      BENCH_ROLE: 'server',
      BENCH_ENGINE: engine,
      ...(engine === 'pglite'
        ? serverEnv({ MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ })
        : {}),
    },
    // The app on PGlite runs with the flags and environment `npm start` gives the embedded database.
    engine === 'pglite' ? serverNodeFlags({ NODE_OPTIONS: process.env.NODE_OPTIONS }) : [],
  );
  return { child, port: ready.port, code: ready.code };
}

function stats(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    child.once('message', (report: Report) => resolve(report as Stats));
    child.send({ type: 'stats' } satisfies Command);
  });
}

/** Fails unless the URL answers what a paramedic needs: this patient's code and blood type. */
async function probe(engine: Engine, url: string, code: string): Promise<void> {
  const res = await fetch(url);
  const body = (await res.json()) as {
    hello?: string;
    user?: { code?: string; geral?: { sangue?: number } };
  };
  const ok =
    engine === 'baseline' || engine.startsWith('floor')
      ? body.hello === 'world'
      : body.user?.code === code && body.user.geral?.sangue != null;
  if (res.status !== 200 || !ok)
    throw new Error(`probe failed on ${engine}: ${res.status} ${JSON.stringify(body)}`);
}

async function bench(engine: Engine): Promise<Row[]> {
  const { child, port, code } = await startServer(engine);
  const url = `http://127.0.0.1:${port}/api/code/${code}`;
  await probe(engine, url, code);
  console.log(`\n${engine}: ${url.replace(code, '<code>')} answers 200; warming up ${WARMUP_S} s`);
  await autocannon({ url, connections: 10, duration: WARMUP_S });

  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    const before = await stats(child);
    const result = await autocannon({ url, connections, duration: DURATION_S });
    const after = await stats(child);
    const row: Row = {
      engine,
      connections,
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p975: result.latency.p97_5,
      p99: result.latency.p99,
      rssMiB: after.rssMiB,
      maxRssMiB: after.maxRssMiB,
      liveHeapMiB: after.liveHeapMiB,
      cpuMsPerRequest: (after.cpuMs - before.cpuMs) / Math.max(1, result.requests.total),
      failures: result.non2xx + result.errors + result.timeouts,
      timeouts: result.timeouts,
    };
    rows.push(row);
    const logged = after.accessLogRows - before.accessLogRows;
    console.log(
      `${engine} c=${connections}: ${Math.round(row.reqPerSec)} req/s, p50 ${row.p50} ms, p97.5 ${row.p975} ms, ` +
        `p99 ${row.p99} ms; server CPU ${row.cpuMsPerRequest.toFixed(3)} ms/request; RSS ${row.rssMiB.toFixed(0)} MiB (peak ${row.maxRssMiB.toFixed(0)}), ` +
        `live heap ${row.liveHeapMiB.toFixed(0)} MiB; ${result['2xx']} × 200, ${result.non2xx} other statuses, ` +
        `${result.errors} errors, ${result.timeouts} timeouts` +
        (engine === 'baseline' ? '' : `, ${logged} access-log rows written`),
    );
    // Every 200 must be on the patient's access log. Answers still in flight when autocannon stops
    // are logged but not counted, so `logged` may exceed the 2xx count, never fall short of it.
    if (engine !== 'baseline' && logged < result['2xx']) {
      throw new Error(`${engine} c=${connections}: ${result['2xx']} answers but ${logged} access-log rows`);
    }
  }
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' } satisfies Command);
  });
  return rows;
}

async function main(): Promise<void> {
  if (process.env.BENCH_ROLE === 'server') {
    const engine = process.env.BENCH_ENGINE as Engine;
    if (engine === 'baseline') await serveBaseline();
    else if (engine === 'floor-pglite' || engine === 'floor-postgres') {
      const floor = await serveFloor(engine, process.env.DATABASE_URL);
      obey(floor.port, 'FLOOR', floor.rows, floor.stop);
    } else await serve(engine, process.env.DATABASE_URL);
    return;
  }
  const engines: Engine[] = [
    'baseline',
    'floor-pglite',
    'pglite',
    ...(process.env.DATABASE_URL ? (['floor-postgres', 'postgres'] as const) : []),
  ].filter(
    (engine) => !process.env.BENCH_ENGINES || process.env.BENCH_ENGINES.split(',').includes(engine),
  ) as Engine[];
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const startLoad = load();
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...(await bench(engine)));
  const baseline = new Map(
    rows.filter((r) => r.engine === 'baseline').map((r) => [r.connections, r.reqPerSec]),
  );

  console.log(
    `\nGET /api/code/:code, ${DURATION_S} s per run, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(`load average before ${startLoad}, after ${load()} (1, 5, 15 min)\n`);
  console.log(
    '| server | connections | req/s | vs hello-world | p50 ms | p97.5 ms | p99 ms | failed | server CPU ms/req | RSS MiB (peak) | live heap MiB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  reportJson(
    rows.map((r) => ({
      ...r,
      vsBaseline: r.reqPerSec / (baseline.get(r.connections) ?? Number.NaN),
      timeouts: r.timeouts,
    })),
  );
  for (const r of rows) {
    const ratio =
      r.engine === 'baseline' ? '1' : (r.reqPerSec / (baseline.get(r.connections) ?? Number.NaN)).toFixed(3);
    console.log(
      `| ${r.engine} | ${r.connections} | ${Math.round(r.reqPerSec)} | ${ratio} | ${r.p50} | ${r.p975} | ${r.p99} | ${r.failures} | ${r.cpuMsPerRequest.toFixed(3)} | ` +
        `${r.rssMiB.toFixed(0)} (${r.maxRssMiB.toFixed(0)}) | ${r.liveHeapMiB.toFixed(0)} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
