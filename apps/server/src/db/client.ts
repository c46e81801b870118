import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withPreparedStatements } from './pglite-prepared.ts';
import * as schema from './schema/index.ts';
import { createTurnScheduler, PGLITE_TURN_BUDGET_MS, withTurns } from './turns.ts';

/** The contrib extensions the migrations create on PGlite: trigrams (searches) and btree_gin (the timeline's index). */
export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm };

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite's server settings (docs/performance.md "The embedded database's
 * memory"): its single backend runs with 16 MB of shared buffers instead of
 * initdb's 128 MB — its files sit in the operating system's page cache
 * anyway — and room for a few backends instead of 100. Appended to PGlite's
 * own start parameters.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  max_connections: '8',
  maintenance_work_mem: '16MB',
  // What the quoting of db/pglite-prepared.ts's literals relies on (PostgreSQL's default, made explicit).
  standard_conforming_strings: 'on',
} as const;

const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/** The Drizzle database, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with the means to migrate, probe and close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations from `src/db/migrations`. */
  migrate(): Promise<void>;
  /** True when a trivial query answers (used by `GET /api/health`). */
  ping(): Promise<boolean>;
  /** True when every migration of `src/db/migrations` has been applied (used by `GET /api/health/ready`). */
  migrationsApplied(): Promise<boolean>;
  /**
   * How long (ms) the oldest query waiting for the database has waited: for
   * PGlite's turn (db/turns.ts), for a connection of PostgreSQL's pool
   * (db/pool.ts). Read by the overload shedding.
   */
  queueDelayMs(): number;
  /** Connections in use and requests waiting for one (PGlite: its running query and its queue), for the metrics. */
  poolLoad(): { inUse: number; waiting: number };
  /**
   * PGlite only: the whole data directory as one tarball (PGlite's
   * `dumpDataDir`; uncompressed unless `compression` is 'gzip'), which
   * `openDatabase({ pgliteImage })` opens again; null on PostgreSQL. The
   * tests migrate and seed once and start each file from that image
   * (test/global-setup.ts); backups hold it gzipped (backup/backup.ts).
   */
  image(compression?: 'none' | 'gzip'): Promise<Blob | null>;
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite persisted under
 * `pgliteDir` (in memory when `pgliteDir` is null — tests), starting from
 * `pgliteImage` (a {@link Database.image}) when given.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  pgliteDir: string | null;
  pgliteImage?: Blob | undefined;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // node-postgres and Drizzle's driver for it load only here: an embedded server never needs them (about 0.1 s
    // of its start; docs/performance.md "Start-up").
    const [{ MeasuredPool }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('./pool.ts'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // A connection that cannot be made in 10 s fails (503, db/unavailable.ts) instead of holding the request.
    const pool = new MeasuredPool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the next query reconnects and /api/health reports it.
    });
    // A client checked out of the pool (a transaction between two statements) has no 'error' listener
    // of the pool's: when PostgreSQL goes away it would emit an unhandled 'error' and end the process.
    // Its queries fail anyway (503, db/unavailable.ts) and the pool drops it on release.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db: Db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS }),
      ping: () => ping(db),
      migrationsApplied: () => migrationsApplied(db),
      queueDelayMs: () => pool.oldestWaitMs(),
      poolLoad: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      image: async () => null,
      close: () => pool.end(),
    };
  }
  const turns = createTurnScheduler(PGLITE_TURN_BUDGET_MS);
  const options = {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: opts.pgliteImage,
    startParams: pgliteStartParams,
  };
  const client = withTurns(
    withPreparedStatements(
      opts.pgliteDir ? await PGlite.create(opts.pgliteDir, options) : await PGlite.create(options),
    ),
    turns,
  );
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS }),
    ping: () => ping(db),
    migrationsApplied: () => migrationsApplied(db),
    queueDelayMs: () => turns.queueDelayMs(),
    poolLoad: () => {
      const { running, waiting } = turns.load();
      return { inUse: running, waiting };
    },
    image: (compression = 'none') => client.dumpDataDir(compression),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The newest migration of the folder (its journal's `when`, ms), read once. */
let newestMigration: Promise<number> | null = null;

/**
 * Drizzle's migrator applies what is newer than the last row of
 * `drizzle.__drizzle_migrations`: the database is current when that row is
 * as new as the folder's newest migration. False when the table is missing
 * or the database does not answer.
 */
async function migrationsApplied(db: Db): Promise<boolean> {
  newestMigration ??= readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8').then((text) =>
    Math.max(...(JSON.parse(text) as { entries: { when: number }[] }).entries.map((entry) => entry.when)),
  );
  try {
    // Both drivers answer `{ rows }`.
    const result = (await db.execute(
      sql`select coalesce(max(created_at), 0)::text as at from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { at: string }[] };
    return Number(result.rows[0]?.at ?? 0) >= (await newestMigration);
  } catch {
    return false;
  }
}
