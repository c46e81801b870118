/**
 * `npm run bench:all` (bench/README.md "all.ts"): runs every benchmark of the
 * server's targets one after the other, each in its own process with
 * `BENCH_JSON` set (bench/report.ts), and prints one table: the scan on
 * PostgreSQL and on PGlite against bare Fastify, the timeline at a million
 * records, the embedded database's memory, `npm start`'s time to healthy and
 * the chat across two nodes, each with its target, and the load average
 * before and after. Needs DATABASE_URL (and Redis for the chat); exits 1 when
 * a benchmark fails. It takes about ten minutes: run it on a quiet machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'pulso-bench-all-'));

/**
 * Runs one benchmark script of this folder with `env`; answers what it reported through `BENCH_JSON`,
 * or null when the script is not there yet (its row then says "not measured").
 */
function run<T>(script: string, env: Record<string, string> = {}): T | null {
  if (!existsSync(path.join(here, script))) {
    console.log(`\n== ${script}: not written yet, its row is not measured`);
    return null;
  }
  const json = path.join(work, `${path.basename(script, '.ts')}.json`);
  console.log(
    `\n== ${script} ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script)], {
    cwd: here,
    env: { ...process.env, ...env, BENCH_JSON: json },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${script} failed (exit ${result.status})`);
  if (!existsSync(json)) {
    console.log(`== ${script} reported no figures (BENCH_JSON): its row is not measured`);
    return null;
  }
  return JSON.parse(readFileSync(json, 'utf8')) as T;
}

interface LookupRow {
  engine: string;
  connections: number;
  vsBaseline: number;
  cpuMsPerRequest: number;
  p50: number;
  p99: number;
  timeouts: number;
}
interface TimelineRow {
  request: string;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}
interface Memory {
  idleRssMiB: number;
  peakRssMiB: number;
}
interface Start {
  freshMs: number;
  restartMs: number;
}
interface Chat {
  rate: number;
  lost: number;
  p50: number;
  p99: number;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function main(): void {
  if (!process.env.DATABASE_URL) throw new Error('bench:all needs DATABASE_URL (a PostgreSQL server)');
  const loadBefore = load();
  const lookup = run<LookupRow[]>('code-lookup.ts') ?? [];
  const timeline = run<TimelineRow[]>('timeline.ts') ?? [];
  const memory = run<Memory>('pglite-memory.ts');
  const start = run<Start>('start.ts');
  const chat = run<Chat>('chat.ts', { BENCH_CHAT_RATE: '200' });
  const loadAfter = load();

  const scan = (engine: string, connections: number) => {
    const row = lookup.find((r) => r.engine === engine && r.connections === connections);
    if (!row) return 'not measured';
    // The floor (floor-server.ts): bare Fastify writing one row per request on the same engine.
    const floor = lookup.find((r) => r.engine === `floor-${engine}` && r.connections === connections);
    return (
      `${row.vsBaseline.toFixed(3)} of bare Fastify${floor ? ` (floor ${floor.vsBaseline.toFixed(3)})` : ''}, ` +
      `CPU ${row.cpuMsPerRequest.toFixed(3)} ms/request, ` +
      `p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.timeouts} timeouts`
    );
  };
  const page = (name: string) => {
    // Labels may say more ('last page (offset 9990)').
    const row = timeline.find((r) => r.request.startsWith(name));
    return row
      ? `p50 ${row.p50} ms, p99 ${row.p99} ms, CPU ${row.cpuMsPerRequest.toFixed(2)} ms/request`
      : '—';
  };
  // The issue's searches; the term every record holds (added later, to show the index costs a common term
  // nothing) has its own row, beyond the issue's table.
  const searches = timeline.filter(
    (r) => r.request.startsWith('search') && !r.request.includes('every record'),
  );
  const rows: [string, string, string][] = [
    [
      '`GET /api/code/:code`, PostgreSQL, 10 connections',
      scan('postgres', 10),
      '≥ 0.25, ≤ 0.12 ms CPU, p99 ≤ 5 ms',
    ],
    ['same, PostgreSQL, 100 connections', scan('postgres', 100), '—'],
    ['same, PGlite, 10 connections', scan('pglite', 10), '≥ 0.05, p99 ≤ 50 ms'],
    ['same, PGlite, 100 connections', scan('pglite', 100), '0 timeouts'],
    ['timeline at 1M rows, first page', page('first page'), 'p99 ≤ 20 ms'],
    ['timeline, page at offset 5000', page('page at offset 5000'), 'p99 ≤ 40 ms'],
    ['timeline, last page', page('last page'), 'p99 ≤ 40 ms'],
    [
      'timeline, search (worst of the searches)',
      searches.length
        ? `p99 ${Math.max(...searches.map((r) => r.p99))} ms (${searches.map((r) => `${r.request}: ${r.p99}`).join('; ')})`
        : 'not measured',
      'p99 ≤ 60 ms',
    ],
    ['timeline, a search every record matches', page("search 'registro'"), '—'],
    [
      'PGlite server RSS, idle after start / peak',
      memory ? `${memory.idleRssMiB.toFixed(0)} / ${memory.peakRssMiB.toFixed(0)} MiB` : 'not measured',
      '≤ 200 / ≤ 300 MB',
    ],
    [
      '`npm start` on a fresh `DATA_DIR` to healthy / a restart',
      start
        ? `${(start.freshMs / 1000).toFixed(1)} s / ${(start.restartMs / 1000).toFixed(1)} s`
        : 'not measured',
      '≤ 5 s; no rebuild when current',
    ],
    [
      'chat, two nodes, 200 messages/s',
      chat
        ? `${chat.rate.toFixed(0)} msg/s, ${chat.lost} lost, p50 ${chat.p50.toFixed(1)} ms, p99 ${chat.p99.toFixed(1)} ms`
        : 'not measured',
      '0 lost, p99 ≤ 50 ms',
    ],
  ];
  console.log(`\nbench:all, Node ${process.version}, ${new Date().toISOString()}`);
  console.log(`load average before ${loadBefore}, after ${loadAfter} (1, 5, 15 min)\n`);
  console.log('| what | now | target |\n|---|---|---|');
  for (const [what, now, target] of rows) console.log(`| ${what} | ${now} | ${target} |`);
}

try {
  main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
