/**
 * The embedded database's footprint (issue 19; docs/performance.md "The embedded database's memory"): `npm
 * start` as typed, on a fresh temporary `DATA_DIR` (PGlite), and the resident memory of the server process
 * (the compiled `apps/server/dist/main.js` that `scripts/start.mjs` runs):
 *
 * - idle: RSS 10 s after `GET /api/health` first answers 200, nothing asked meanwhile;
 * - peak: the process's high-water mark (VmHWM) after start, then a mixed load: patients registering (the
 *   password estimator loads), 10 s of scans at 10 connections, timeline pages,
 *   the lock-screen image and the printable QR (fonts and image libraries load);
 * - after: RSS at the end of that load.
 *
 * Prints the figures and the load average; with BENCH_JSON, reports `{ idleRssMiB, peakRssMiB, afterRssMiB }`
 * for `npm run bench:all`. Targets: idle ≤ 200 MB, peak ≤ 300 MB. Node flags are those of scripts/start.mjs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { reportJson } from './report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 28000 + Math.floor(Math.random() * 5000);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PATIENTS = 5;

/** The pid of the process running the compiled server, found among all processes by its command line. */
function serverPid(dataDir: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      if (cmdline.includes('apps/server/dist/main.js') && environ.includes(`DATA_DIR=${dataDir}`)) {
        return Number(entry);
      }
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return null;
}

/** VmRSS and VmHWM of `pid`, in MiB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

async function api(method: string, url: string, token?: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${ORIGIN}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Registers a patient; answers its token and code. */
async function patient(n: number): Promise<{ token: string; code: string }> {
  const password = 'segredo-forte-123';
  const registered = await api('POST', '/register', undefined, {
    name: `Paciente Memória ${n}`,
    telefone: '11987654321',
    email: `memoria-${n}-${Date.now()}@example.com`,
    password,
    password_confirmation: password,
    terms: true,
    newsletter: false,
  });
  const { token, user } = (await registered.json()) as { token: string; user: { code: string } };
  return { token, code: user.code };
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-bench-memory-'));
  // Without DATABASE_URL (bench:all sets it for the other benchmarks): the figure is PGlite's.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // One client address asks for every scan: the per-address budget would answer 429 to nearly all.
      RATE_LIMIT_CODE_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode})`);
      try {
        if ((await fetch(`${ORIGIN}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const pid = serverPid(dataDir);
    if (!pid) throw new Error('the server process was not found');
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = memory(pid);

    const patients = [];
    for (let n = 0; n < PATIENTS; n++) patients.push(await patient(n));
    const first = patients[0] as { token: string; code: string };
    await api('GET', '/qrcode/cartao/tela', first.token);
    await api('GET', '/qrcode/download', first.token);
    const scans = await autocannon({
      url: `${ORIGIN}/api/code/${first.code}`,
      connections: 10,
      duration: 10,
    });
    for (const p of patients) {
      for (let offset = 0; offset < 60; offset += 20)
        await api('GET', `/timeline/items/all/all/${offset}`, p.token);
    }
    const after = memory(pid);
    const figures = { idleRssMiB: idle.rss, peakRssMiB: after.hwm, afterRssMiB: after.rss };
    console.log(
      `PGlite server (npm start, fresh DATA_DIR): idle ${idle.rss.toFixed(0)} MiB RSS; peak ${after.hwm.toFixed(0)} MiB ` +
        `(VmHWM) after ${PATIENTS} registrations, the lock-screen image, the QR download, ` +
        `${scans.requests.total} scans (${scans.non2xx} not 2xx) and timeline pages; ${after.rss.toFixed(0)} MiB at the end. ` +
        `Load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}.`,
    );
    reportJson(figures);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
