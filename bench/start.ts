/**
 * Start-time benchmark (issue 19 "Production runs compiled JavaScript"): `npm start` as typed, on a fresh
 * temporary `DATA_DIR` until `GET /api/health` answers 200, then stopped with SIGTERM and started again on
 * the same directory (a restart). The builds are brought up to date first (`node scripts/build.mjs`), so
 * the figures are what a start costs when nothing changed; a start that rebuilt anyway fails the run (its
 * output names the build). Prints the median of BENCH_START_RUNS (default 3) runs of each, the CPU time the
 * process tree had used when it answered, and the machine's load average (the machine may be shared: say it
 * with the figures). Target: ≤ 5 s on a fresh DATA_DIR.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { reportJson } from './report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const PORT = 23000 + Math.floor(Math.random() * 5000);
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** CPU milliseconds (user + system) used so far by `pid` and its descendants still running. */
function treeCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const own = ((Number(stat[11]) + Number(stat[12])) * 1000) / TICKS_PER_S;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return own + children.filter(Boolean).reduce((sum, child) => sum + treeCpuMs(Number(child)), 0);
  } catch {
    return 0; // ended meanwhile
  }
}

/**
 * The environment without DATABASE_URL and REDIS_URL (`bench:all` sets them for the other benchmarks): the start
 * measured is the embedded default's, which copies the database template into a fresh DATA_DIR.
 */
const { DATABASE_URL: _postgres, REDIS_URL: _redis, ...embedded } = process.env;

/** One `npm start` on `dataDir`: milliseconds to the first 200 of /api/health and the CPU used by then. */
async function startOnce(dataDir: string): Promise<{ ms: number; cpuMs: number }> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...embedded, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}):\n${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  const cpuMs = child.pid ? treeCpuMs(child.pid) : 0;
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`npm start exited ${code} on SIGTERM:\n${stderr}`);
  if (stderr.includes('Building'))
    throw new Error(`npm start rebuilt although the builds were current:\n${stderr}`);
  return { ms, cpuMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const loadBefore = loadavg()[0] ?? 0;
  const fresh: { ms: number; cpuMs: number }[] = [];
  const restart: { ms: number; cpuMs: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-bench-start-'));
    try {
      fresh.push(await startOnce(dataDir));
      restart.push(await startOnce(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const figures = {
    freshMs: median(fresh.map((r) => r.ms)),
    freshCpuMs: median(fresh.map((r) => r.cpuMs)),
    restartMs: median(restart.map((r) => r.ms)),
    restartCpuMs: median(restart.map((r) => r.cpuMs)),
  };
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `npm start to healthy, median of ${RUNS} (load average ${loadBefore.toFixed(1)} → ${loadavg()[0]?.toFixed(1)}):`,
  );
  console.log(
    `  fresh DATA_DIR  ${s(figures.freshMs)}  (CPU ${s(figures.freshCpuMs)}; runs ${fresh.map((r) => s(r.ms)).join(', ')})`,
  );
  console.log(
    `  restart         ${s(figures.restartMs)}  (CPU ${s(figures.restartCpuMs)}; runs ${restart.map((r) => s(r.ms)).join(', ')})`,
  );
  reportJson(figures);
}

await main();
