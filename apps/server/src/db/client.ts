import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { createTurnScheduler, PGLITE_TURN_BUDGET_MS, withTurns } from './turns.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

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
  /**
   * How long (ms) the oldest query waiting for the embedded database has
   * waited (db/turns.ts); always 0 on PostgreSQL, whose waits show as
   * requests in progress. Read by the overload shedding.
   */
  queueDelayMs(): number;
  /**
   * PGlite only: the whole data directory as one uncompressed tarball
   * (PGlite's `dumpDataDir`), which `openDatabase({ pgliteImage })` opens
   * again; null on PostgreSQL. The tests migrate and seed once and start
   * each file from that image (test/global-setup.ts).
   */
  image(): Promise<Blob | null>;
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
    // A connection that cannot be made in 10 s fails (503, db/unavailable.ts) instead of holding the request.
    const pool = new pg.Pool({
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
      queueDelayMs: () => 0,
      image: async () => null,
      close: () => pool.end(),
    };
  }
  const turns = createTurnScheduler(PGLITE_TURN_BUDGET_MS);
  const options = { extensions: { pg_trgm }, loadDataDir: opts.pgliteImage };
  const client = withTurns(
    opts.pgliteDir ? await PGlite.create(opts.pgliteDir, options) : await PGlite.create(options),
    turns,
  );
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS }),
    ping: () => ping(db),
    queueDelayMs: () => turns.queueDelayMs(),
    image: () => client.dumpDataDir('none'),
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
