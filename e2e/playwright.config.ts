import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Port of the server the journeys drive (a fresh one each run, never a developer's). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
const origin = `http://localhost:${E2E_PORT}`;
// Every Playwright process loads this file; workers inherit the runner's environment, so the
// directory is made once per run. The global teardown deletes it.
process.env.PULSO_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'pulso-e2e-'));
const dataDir = process.env.PULSO_E2E_DATA_DIR;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
/** The journey that changes texts every patient reads (put back at its end). */
const SHARED_TEXT_EDITS = 'admin-conteudo.spec.ts';

/**
 * Browser journeys against the real server on the embedded default (PGlite
 * under a temporary DATA_DIR), exactly what `npm start` serves, with the
 * telemedicine journeys' doctors created in it before it starts.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalTeardown: './support/teardown.ts',
  // Two journeys at a time: each spec family has its own accounts and doctors (support/doctors.ts),
  // so they do not see each other's data; the one that edits shared texts runs alone, last (below).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // The longest journeys (an admin's whole flow, axe on each screen) take 50–85 s on this 2-core machine; on a
  // shared one under load (load average 8–12) they passed 60 s, then 90 s (admin-medicos, 27 Nov) while doing
  // nothing wrong. Each step still waits at most `expect.timeout`; this bounds a whole journey.
  timeout: 180_000,
  // One step's wait. A loaded CI machine once took 10.9 s from a navigation to a doctor's profile on screen (the
  // app's script, the session, the page's chunk, then its query, in turn; admin-medicos, 28 Nov): 15 s.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: path.join(import.meta.dirname, 'test-results', String(E2E_PORT)),
  use: {
    baseURL: origin,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    // The app registers its service worker on every page (docs/offline-card.md), and a page's requests then go
    // through it, out of reach of page.route(). Journeys run without it, as before; the ones about the worker
    // (cartao-offline, devices) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Pages drawn by the CPU, not by SwiftShader's emulated GPU, which Playwright's default
      // --enable-gpu-rasterization picks: Chromium's GPU processes were the busiest of a CI run, its 2 cores saturated
      // through the journeys. Four specs (8 journeys, 29 Nov) then took 9 % less time and 7 % less CPU; the 81
      // journeys 1,258 s against 1,304 s (one run each).
      ignoreDefaultArgs: ['--enable-gpu-rasterization'],
      args: [
        '--disable-gpu-compositing',
        '--disable-software-rasterizer',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--lang=pt-BR',
      ],
      // On Linux Chromium takes its UI language (which sets how date inputs read) from the
      // environment, not from --lang: dd/mm/aaaa as a Brazilian patient's browser shows it.
      env: { ...process.env, LANGUAGE: 'pt_BR', LANG: 'pt_BR.UTF-8' },
    },
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: SHARED_TEXT_EDITS },
    // Edits the FAQ, the terms of use and a score question that other journeys read: after them, alone.
    { name: 'desktop-content', use: desktop, testMatch: SHARED_TEXT_EDITS, dependencies: ['desktop'] },
  ],
  webServer: {
    // The journeys' doctors (support/doctors.ts, by the medico:create tool), patients past the free month
    // (support/patients.ts) and staff (support/staff.ts, by the admin:create tool) are made on the embedded
    // database while it is unlocked (support/create-accounts.ts), then `npm start`'s script runs the built server
    // on it, same environment: what ships. 12 s to healthy, against 22 s for three tool processes on an empty
    // database and the server's sources through tsx (docs/testing.md "Speed").
    command: 'node --import tsx support/create-accounts.ts && node ../scripts/start.mjs',
    url: `${origin}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // Development: the journeys read the mail at /dev/mail.json (the dev outbox, issue 3).
      NODE_ENV: 'development',
      RATE_LIMIT_AUTH_PER_MINUTE: '500',
      RATE_LIMIT_CODE_PER_MINUTE: '500',
      RATE_LIMIT_LOGIN_FAILURES: '500',
      // No overload shedding, as in the API tests (test/harness.ts): two browsers and the server on a loaded 2-core
      // CI machine can keep PGlite's queue past the 1 s bound for a moment, and a journey's click then meets the
      // prompt 503 meant for real overload (its own tests: platform/overload.test.ts, bench/overload.ts).
      OVERLOAD_MAX_IN_FLIGHT: '0',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});
