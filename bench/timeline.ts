/**
 * Benchmark of the health timeline's reads (issue 5, bench/README.md):
 * `GET /api/timeline/items/:medico/:search[/:offset]` for a patient with
 * 10,000 records in a table of 1,000,000, on PostgreSQL (DATABASE_URL is
 * required: the figure asked for is PostgreSQL's).
 *
 * The server process (forked, as in code-lookup.ts) builds the real app on a
 * fresh database, registers the patient and 99 others, bulk-inserts the
 * records with `generate_series` (their `busca` written as the service writes
 * it, `buscaOf`), runs VACUUM ANALYZE (as autovacuum would after a bulk
 * load) and listens. The parent checks each URL's answer, warms up, then
 * drives each for 10 s at 10 connections with autocannon and prints req/s,
 * p50/p97.5/p99 latency, the server's CPU time per request, PostgreSQL's
 * (its backends' CPU time, from /proc, when it runs on this machine), the
 * load average at the end of the run, and memory; with BENCH_JSON, the same
 * figures as JSON (bench/report.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TIMELINE_PAGE_SIZE } from '@pulso/domain';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buscaOf } from '../apps/server/src/modules/timeline/timeline.search.ts';
import { createPatient } from '../apps/server/src/test/factories.ts';
import { type BenchApp, bootApp, forkServer, portOf, usage } from './app-server.ts';
import { reportJson } from './report.ts';
import { TEMPLATES } from './timeline-templates.ts';

const TABLE_ROWS = Number(process.env.BENCH_TIMELINE_ROWS ?? 1_000_000);
const PATIENT_ROWS = Number(process.env.BENCH_PATIENT_ROWS ?? 10_000);
const OTHER_PATIENTS = 99;
const BATCH = 100_000;
const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 10;

/** Server → parent. */
type Ready = { type: 'ready'; port: number; token: string; seedSeconds: number };
type Stats = ReturnType<typeof usage> & { type: 'stats'; dbCpuMs: number | null };

/**
 * CPU time (ms) PostgreSQL's backends serving this database have used, read
 * from /proc (PostgreSQL on this machine, as DATABASE_URL on loopback is);
 * null when /proc cannot tell. Clock ticks: 10 ms resolution.
 */
async function databaseCpuMs(db: BenchApp['database']['db']): Promise<number | null> {
  const result = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: { pid: number }[] };
  let ticks = 0;
  for (const { pid } of result.rows) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return Number.isFinite(ticks) ? ticks * 10 : null;
}

/** A SQL string literal of our own constant text (single quotes doubled). */
const literal = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`);

async function serve(adminUrl: string): Promise<void> {
  const { app, database, stop } = await bootApp(adminUrl);
  const started = Date.now();
  const patient = await createPatient(app, { name: 'Paciente do Benchmark' });
  const others: number[] = [];
  for (let i = 0; i < OTHER_PATIENTS; i += 1) others.push((await createPatient(app)).user.id);

  const templates = TEMPLATES.map(
    (t, n) =>
      `(${n}, ${t.tipo}, ${literal(t.descricao)}, ${literal(t.medico_name)}, ${t.valor ?? 'null'}::numeric, ${literal(buscaOf(t))})`,
  ).join(',\n');
  // A bulk load, as one would run it: the search index takes its entries through a pending list meanwhile,
  // merged by the vacuum below, and writes through again after (docs/api/timeline.md "Search").
  await database.db.execute(sql`alter index timeline_items_search_idx set (fastupdate = on)`);
  for (let from = 1; from <= TABLE_ROWS; from += BATCH) {
    const to = Math.min(TABLE_ROWS, from + BATCH - 1);
    // Rows 1..PATIENT_ROWS are the patient's; the rest go round the others. Dates spread over 25 years,
    // doctor-made (M) on every seventh row. The row number ends each description (and its busca).
    await database.db.execute(
      sql.raw(`
      with t(n, tipo, descricao, medico_name, valor, busca) as (values ${templates}),
           o(ids) as (select array[${others.join(',')}]::int[])
      insert into timeline_items (user_id, tipo, data, descricao, valor, medico_name, created_by, terceiro_id, busca)
      select case when g <= ${PATIENT_ROWS} then ${patient.user.id} else o.ids[1 + g % ${OTHER_PATIENTS}] end,
             t.tipo, date '2001-01-01' + (g::bigint * 7919 % 9131)::int, t.descricao || ' (registro ' || g || ')',
             t.valor, t.medico_name,
             case when g % 7 = 0 then 'M' end, case when g % 7 = 0 then o.ids[1] end,
             t.busca || ' registro ' || g
      from generate_series(${from}, ${to}) g cross join o join t on t.n = g % ${TEMPLATES.length}`),
    );
    process.stdout.write(`seeded ${to} rows\r`);
  }
  // What autovacuum does soon after a bulk load (the insert threshold): the statistics, and the visibility
  // map the index-only scans of the list's pages and count rely on (bench/README.md "timeline.ts").
  await database.db.execute(sql`vacuum analyze`);
  await database.db.execute(sql`alter index timeline_items_search_idx set (fastupdate = off)`);
  await app.listen({ host: '127.0.0.1', port: 0 });

  const send = (message: Ready | Stats) => process.send?.(message);
  process.on('message', async (command: { type: 'stats' | 'stop' }) => {
    if (command.type === 'stats')
      send({ type: 'stats', ...usage(), dbCpuMs: await databaseCpuMs(database.db) });
    else {
      await stop();
      process.exit(0);
    }
  });
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  send({
    type: 'ready',
    port: portOf(app),
    token: patient.token,
    seedSeconds: (Date.now() - started) / 1000,
  });
}

// ---------------------------------------------------------------- load role

/** What each measured URL must answer: a full first page (or the tail) and the expected total. */
interface Case {
  label: string;
  path: string;
  check: (body: { timelineItems: unknown[]; total: number }) => boolean;
}

const perTemplate = PATIENT_ROWS / TEMPLATES.length;
const CASES: Case[] = [
  {
    label: 'first page',
    path: '/api/timeline/items/all/all',
    check: (b) => b.total === PATIENT_ROWS && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    label: 'page at offset 5000',
    path: '/api/timeline/items/all/all/5000',
    check: (b) => b.total === PATIENT_ROWS && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    label: 'last page (offset 9990)',
    path: `/api/timeline/items/all/all/${PATIENT_ROWS - 10}`,
    check: (b) => b.timelineItems.length === 10,
  },
  {
    label: 'doctors only (M), first page',
    path: '/api/timeline/items/M/all',
    check: (b) => b.total === Math.floor(PATIENT_ROWS / 7) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    // 'cardio' inside 'cardiologista' and 'ecocardiograma': the trigram (infix) branch.
    label: "search 'cardio'",
    path: '/api/timeline/items/all/cardio',
    check: (b) => b.total >= 2 * Math.floor(perTemplate) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    // 'vacina' → 'Vacinação' and 'Vacina': the Portuguese prefix branch, on the type label too.
    label: "search 'vacina'",
    path: '/api/timeline/items/all/vacina',
    check: (b) => b.total >= 2 * Math.floor(perTemplate) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    label: "search 'exame sangue' (two words)",
    path: `/api/timeline/items/all/${encodeURIComponent('exame sangue')}`,
    check: (b) => b.total >= Math.floor(perTemplate) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    // Every record holds 'registro <n>': a term too common for the search index to pay.
    label: "search 'registro' (every record)",
    path: '/api/timeline/items/all/registro',
    check: (b) => b.total === PATIENT_ROWS && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
];

function stats(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    child.once('message', (m: Stats) => resolve(m));
    child.send({ type: 'stats' });
  });
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (process.env.BENCH_ROLE === 'server') {
    if (!adminUrl) throw new Error('DATABASE_URL is required');
    await serve(adminUrl);
    return;
  }
  if (!adminUrl) {
    console.error('bench/timeline.ts measures PostgreSQL: set DATABASE_URL (bench/README.md).');
    process.exit(1);
  }
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const startLoad = load();
  console.log(`seeding ${TABLE_ROWS} records (${PATIENT_ROWS} for the patient)…`);
  const { child, ready } = await forkServer<Ready>(fileURLToPath(import.meta.url), { BENCH_ROLE: 'server' });
  console.log(`seeded in ${ready.seedSeconds.toFixed(0)} s`);
  const origin = `http://127.0.0.1:${ready.port}`;
  const headers = { authorization: `Bearer ${ready.token}` };

  const rows: string[] = [];
  const figures: Record<string, number | string>[] = [];
  for (const c of CASES) {
    const res = await fetch(origin + c.path, { headers });
    const body = (await res.json()) as { timelineItems: unknown[]; total: number };
    if (res.status !== 200 || !c.check(body)) {
      throw new Error(`${c.label}: ${res.status}, ${body.timelineItems?.length} items, total ${body.total}`);
    }
    await autocannon({ url: origin + c.path, headers, connections: CONNECTIONS, duration: WARMUP_S });
    const before = await stats(child);
    const r = await autocannon({
      url: origin + c.path,
      headers,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const after = await stats(child);
    const failed = r.non2xx + r.errors + r.timeouts;
    const cpu = (after.cpuMs - before.cpuMs) / Math.max(1, r.requests.total);
    const dbCpu =
      after.dbCpuMs === null || before.dbCpuMs === null
        ? null
        : (after.dbCpuMs - before.dbCpuMs) / Math.max(1, r.requests.total);
    const runLoad = loadavg()[0] ?? 0;
    const row =
      `| ${c.label} | ${body.total} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p97_5} | ` +
      `${r.latency.p99} | ${failed} | ${cpu.toFixed(3)} | ${dbCpu === null ? '—' : dbCpu.toFixed(2)} | ` +
      `${runLoad.toFixed(1)} | ${after.rssMiB.toFixed(0)} (${after.maxRssMiB.toFixed(0)}) |`;
    console.log(row);
    rows.push(row);
    figures.push({
      request: c.label,
      total: body.total,
      reqPerSec: r.requests.average,
      p50: r.latency.p50,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      failed,
      cpuMsPerRequest: cpu,
      ...(dbCpu === null ? {} : { dbCpuMsPerRequest: dbCpu }),
      load1: runLoad,
      rssMiB: after.rssMiB,
    });
  }
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });

  console.log(
    `\nGET /api/timeline/items/…, PostgreSQL, ${TABLE_ROWS} records in the table, ${PATIENT_ROWS} the patient's; ` +
      `${CONNECTIONS} connections, ${DURATION_S} s per run, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(`load average before ${startLoad}, after ${load()} (1, 5, 15 min)\n`);
  console.log(
    '| request | total | req/s | p50 ms | p97.5 ms | p99 ms | failed | server CPU ms/req | PostgreSQL CPU ms/req | load (1 min) | RSS MiB (peak) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  reportJson(figures);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
