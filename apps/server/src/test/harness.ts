import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createMailer } from '../platform/mail.ts';
import { createPaymentProvider } from '../platform/payment-provider.ts';
import { createPushSender } from '../platform/push.ts';
import { createRealtime } from '../platform/realtime.ts';
import { diskStorage } from '../platform/storage.ts';
import { realtimeAccess } from '../realtime-access.ts';
import type {} from './provided.ts';

/** Which engine this Vitest project runs the API tests on (vitest.config.ts). */
export const TEST_ENGINE = process.env.PULSO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A real app on a freshly migrated and seeded database, for one test file. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /**
   * Deletes every user and what hangs from them, and the plans and clinics
   * (not cascaded from users) and the erasure's retired codes, retained records
   * and file queue; reference data (cities, specialties,
   * diseases, content pages) stays.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('PULSO_TEST_DB=postgres needs DATABASE_URL (see .ci/run)');
  const name = `pulso_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated, seeded template (test/global-setup.ts).
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  // A test database is thrown away at the end of its file: its commits need not wait for the WAL to reach the
  // disk (the machine's shared server keeps its own setting; this is the test database's alone).
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Opens PGlite in memory or a new PostgreSQL database, as a copy of the
 * migrated and seeded one of test/global-setup.ts, and builds the app. `env`
 * overrides configuration (e.g. low rate limits).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pulso-test-'));
  const pgDb = TEST_ENGINE === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://pulso.test',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_CODE_PER_MINUTE: '1000',
    RATE_LIMIT_LOGIN_FAILURES: '1000',
    // No overload shedding unless a test asks for it: a busy CI machine must not turn answers into 503s.
    OVERLOAD_MAX_IN_FLIGHT: '0',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: null,
    pgliteImage: pgDb ? undefined : new Blob([await readFile(inject('pgliteImage'))]),
  });
  const app = await buildApp({
    config,
    database,
    storage: diskStorage(path.join(dataDir, 'files')),
    mailer: createMailer(config),
    push: await createPushSender(config, database),
    payments: await createPaymentProvider(config, database.db),
    realtime: createRealtime({ access: realtimeAccess(database.db) }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    reset: async () => {
      // What a request starts after its answer (a push, a notification) may still be querying when the
      // next test begins: on PostgreSQL the TRUNCATE's locks can then deadlock with it (40P01), and
      // PostgreSQL cancels one of the two. Try again; the other has finished by then.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await database.db.execute(
            sql`TRUNCATE users, sessions, virgin_codes, code_access_logs, job_cursors, companies, planos, clinicas, retired_codes, retained_records, storage_deletions RESTART IDENTITY CASCADE`,
          );
          return;
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (code !== '40P01' || attempt === 3) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    },
    close: async () => {
      await app.close();
      // A test may already have closed the database (the 503 health test).
      await database.close().catch(() => {});
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
