/**
 * What the benchmarks share (bench/README.md): the real app on a fresh
 * database, the server's CPU and memory figures, and forking that server into
 * its own process so that the load generator neither shares its event loop
 * nor counts in its memory.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { createMailer } from '../apps/server/src/platform/mail.ts';
import { createPaymentProvider } from '../apps/server/src/platform/payment-provider.ts';
import { createPushSender } from '../apps/server/src/platform/push.ts';
import { createRealtime } from '../apps/server/src/platform/realtime.ts';
import { diskStorage } from '../apps/server/src/platform/storage.ts';
import { realtimeAccess } from '../apps/server/src/realtime-access.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed.ts';

const MiB = 1024 * 1024;

/** CPU time (ms) and memory (MiB) of this process; the heap is measured after a full collection (live objects only). */
export function usage(): { rssMiB: number; maxRssMiB: number; liveHeapMiB: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssMiB: memory.rss / MiB,
    maxRssMiB: (process.resourceUsage().maxRSS * 1024) / MiB,
    liveHeapMiB: memory.heapUsed / MiB,
  };
}

/** A fresh database `pulso_bench_<random>` on the server of `adminUrl`, and how to drop it. */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pulso_bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  /** Closes the app and the database, drops the PostgreSQL database and removes the data directory. */
  stop: () => Promise<void>;
}

/**
 * The real app (`buildApp`) as `npm start` runs it, migrated and seeded:
 * PostgreSQL on a fresh database when `adminUrl` is given, else PGlite on disk
 * in a temporary directory. `LOG_LEVEL=silent`; the per-IP code and sign-in
 * limits are raised to 10⁸ a minute (the limiters still run, in memory).
 * `env` adds or overrides configuration (e.g. the overload bounds).
 */
export async function bootApp(
  adminUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<BenchApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pulso-bench-'));
  const pgDb = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://pulso.bench',
    RATE_LIMIT_CODE_PER_MINUTE: '100000000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(dataDir, 'db'),
  });
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp({
    config,
    database,
    storage: diskStorage(path.join(dataDir, 'files')),
    mailer: createMailer(config),
    push: await createPushSender(config, database),
    payments: await createPaymentProvider(config, database.db),
    realtime: createRealtime({ access: realtimeAccess(database.db) }),
  });
  return {
    app,
    database,
    stop: async () => {
      await app.close();
      await database.close();
      // BENCH_KEEP_DATABASE=1 keeps the PostgreSQL database for EXPLAIN (its URL is printed).
      if (process.env.BENCH_KEEP_DATABASE === '1' && pgDb) console.log(`kept ${pgDb.url}`);
      else await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Forks `script` (this benchmark's own file) as a server with `env` and
 * `nodeFlags` (besides tsx's and the BENCH_ ones below), answering
 * its first message of type 'ready'. A failed run must not leave a server (and
 * its database) behind: the child is killed when this process exits.
 */
export function forkServer<Ready extends { type: 'ready' }>(
  script: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(script, [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...nodeFlags,
      // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server (open it in Chrome DevTools).
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      // BENCH_NODE_FLAGS='--flag …' runs the servers with more Node/V8 flags (scripts/start.mjs's, say).
      ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: { ...process.env, ...env },
  });
  process.once('exit', () => child.kill());
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve({ child, ready: message as Ready });
    });
  });
}

/** The TCP port `app` listens on (after `listen`). */
export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return address.port;
}
