/**
 * The scan page's benchmark (issue 16; bench/README.md "page.ts"): the
 * production server (`buildApp`, NODE_ENV=production, PGlite in a temporary
 * DATA_DIR, the built web app of `apps/web/dist`, built first when missing)
 * with one patient holding full emergency data, and Lighthouse 12 run
 * BENCH_PAGE_RUNS times (default 3) on `/code/:code` with Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), default mobile settings
 * (simulated slow 4G, 4× CPU slowdown). Prints each run and the median:
 * performance score, FCP, LCP, CLS, TBT, Speed Index, and bytes transferred
 * by type (script, stylesheet, document, image, font, other, total), with the
 * machine's load average (the machine is shared: say it with the figures).
 * Each run is followed by one on the machine's floor (the same first facts as a bare HTML page of two
 * lines, {@link BASELINE_HTML}), printed as the last row: the share of a figure that is the host's.
 * `BENCH_PAGE_REPORT=/tmp/lhr.json` also writes the last run's whole Lighthouse report,
 * `BENCH_PAGE_TRACE=/tmp/trace.json` its Chromium trace.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createPatient, fillEmergencyData } from '../apps/server/src/test/factories.ts';
import { bootApp, forkServer, portOf } from './app-server.ts';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist');

type Ready = { type: 'ready'; port: number; code: string };

/** Server role: the real app serving the built web app, one patient with full emergency data. */
async function serve(): Promise<void> {
  const { app, database, stop } = await bootApp(undefined, { WEB_DIST });
  const patient = await createPatient(app);
  await fillEmergencyData(database.db, patient.user.id);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.on('message', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  process.send?.({ type: 'ready', port: portOf(app), code: patient.user.code } satisfies Ready);
}

/** What one Lighthouse run measured. */
interface PageRun {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Bytes transferred by resource type (Lighthouse's `resource-summary`). */
  bytes: Record<string, number>;
}

const TYPES = ['script', 'stylesheet', 'document', 'image', 'font', 'other', 'total'] as const;

async function measure(url: string, port: number): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error('Lighthouse returned nothing');
  // BENCH_PAGE_REPORT=file.json keeps the page's last whole report, to see where the time goes.
  if (process.env.BENCH_PAGE_REPORT && url.includes('/code/'))
    writeFileSync(process.env.BENCH_PAGE_REPORT, JSON.stringify(result.lhr));
  // BENCH_PAGE_TRACE=file.json keeps its Chromium trace (open it in DevTools' Performance panel).
  if (process.env.BENCH_PAGE_TRACE && url.includes('/code/'))
    writeFileSync(process.env.BENCH_PAGE_TRACE, JSON.stringify(result.artifacts.Trace));
  const { audits, categories } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items = (
    audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const bytes = Object.fromEntries(
    TYPES.map((type) => [type, items?.find((i) => i.resourceType === type)?.transferSize ?? 0]),
  );
  return {
    performance: categories.performance?.score ?? Number.NaN,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    speedIndexMs: numeric('speed-index'),
    bytes,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function row(label: string, r: PageRun): string {
  const kb = (n: number | undefined) => ((n ?? 0) / 1024).toFixed(1);
  return (
    `| ${label} | ${r.performance.toFixed(2)} | ${Math.round(r.fcpMs)} | ${Math.round(r.lcpMs)} | ` +
    `${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} | ${Math.round(r.speedIndexMs)} | ` +
    `${TYPES.map((t) => kb(r.bytes[t])).join(' | ')} |`
  );
}

/**
 * The floor of this machine: the smallest page that shows the same first facts (a heading and a line, no
 * stylesheet, no script), served by bare `node:http`. Lighthouse's CPU figures (TBT above all) are the
 * host's own tasks times four; measured in the same runs, this says how much of a figure is the page's.
 */
const BASELINE_HTML =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Pulso</title></head>' +
  '<body><h1>Maria da Silva</h1><p>Tipo sanguíneo O+</p></body></html>';

async function baselineServer(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

function medianRun(runs: PageRun[]): PageRun {
  return {
    performance: median(runs.map((r) => r.performance)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    speedIndexMs: median(runs.map((r) => r.speedIndexMs)),
    bytes: Object.fromEntries(TYPES.map((t) => [t, median(runs.map((r) => r.bytes[t] ?? 0))])),
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_ROLE === 'server') return serve();
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log('Building the web app (apps/web/dist is missing)…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const loadBefore = load();
  const { child, ready } = await forkServer<Ready>(fileURLToPath(import.meta.url), { BENCH_ROLE: 'server' });
  const url = `http://127.0.0.1:${ready.port}/code/${ready.code}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=pt-BR'],
  });
  const baseline = await baselineServer();
  const runs: PageRun[] = [];
  const floor: PageRun[] = [];
  try {
    // One visit first: the server's first answer warms its code paths, not the browser (each run is a cold load).
    await fetch(url);
    // The page and the floor alternate, so that both see the same moments of a shared machine.
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await measure(url, chrome.port));
      floor.push(await measure(baseline.url, chrome.port));
    }
  } finally {
    baseline.close();
    await chrome.kill();
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
    });
  }
  const mid = medianRun(runs);

  console.log(`\n${new Date().toISOString()}, Node ${process.version}, ${RUNS} Lighthouse runs on ${url}`);
  console.log(`load average before ${loadBefore}, after ${load()} (1, 5, 15 min)`);
  console.log(
    `| run | performance | FCP ms | LCP ms | CLS | TBT ms | SI ms | ${TYPES.map((t) => `${t} KB`).join(' | ')} |\n` +
      `|---|---:|---:|---:|---:|---:|---:|${TYPES.map(() => '---:').join('|')}|`,
  );
  runs.forEach((r, i) => {
    console.log(row(String(i + 1), r));
  });
  console.log(row('median', mid));
  console.log(row('floor (median)', medianRun(floor)));
  console.log(
    `floor runs: ${floor.map((r) => `${r.performance.toFixed(2)}/${Math.round(r.lcpMs)}/${Math.round(r.tbtMs)}`).join(', ')} (performance/LCP ms/TBT ms)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
