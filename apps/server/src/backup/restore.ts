import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client.ts';
import type { Storage } from '../platform/storage.ts';
import { BackupError, readArchive } from './archive.ts';
import { DATA_DIR_SECRETS, FILE_PREFIX, PGDUMP_ENTRY, PGLITE_ENTRY, SECRET_PREFIX } from './backup.ts';
import { pgRestore } from './postgres-tools.ts';

/** Where a restore writes. */
export interface RestoreTarget {
  /** PostgreSQL's URL; absent: PGlite under `DATA_DIR/db` (the caller holds the data-directory lock). */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The uploaded files go here: the disk's `DATA_DIR/files` or the bucket (any of them, whatever the backup came from). */
  storage: Storage;
  /** Replace a database that holds accounts. */
  force: boolean;
}

/** What a restore put back. */
export interface RestoreReport {
  engine: Database['kind'];
  /** When the backup was made (ISO 8601). */
  createdAt: string;
  /** Accounts (`users` rows) in the restored database. */
  accounts: number;
  files: number;
  secrets: number;
  /** Where the replaced PGlite data directory was moved (`--force`), if one held accounts. */
  replaced: string | null;
}

const ENGINE_NAMES = { pglite: 'PGlite (o banco embutido)', postgres: 'PostgreSQL' } as const;

/**
 * `npm run restore -- FILE [--force]` (docs/operations-and-faults.md
 * "Backups"). First reads the whole backup and checks every entry's
 * checksum, touching nothing when one differs, the file is cut short or its
 * database is of the other engine. Then refuses a target database that holds
 * accounts unless `force` (PGlite: the old data directory is moved aside to
 * `db.replaced-<time>`, never deleted; PostgreSQL: its schemas are dropped);
 * a target with none (never started, or started and empty) is cleared.
 * Then puts back the stored files (into `target.storage`), PGlite's
 * generated secrets, and the database (`pg_restore` in one transaction).
 * The server applies any newer migrations when it starts. Throws a
 * {@link BackupError} (pt-BR).
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreReport> {
  if (!existsSync(file)) throw new BackupError(`${file} não existe.`);
  const { header, names } = await readArchive(file);
  const engine: Database['kind'] = target.databaseUrl ? 'postgres' : 'pglite';
  if (header.engine !== engine) {
    throw new BackupError(
      `Este backup é de ${ENGINE_NAMES[header.engine]} e o destino é ${ENGINE_NAMES[engine]}: ` +
        (header.engine === 'postgres' ? 'defina DATABASE_URL.' : 'restaure sem DATABASE_URL.'),
    );
  }
  const expected = engine === 'pglite' ? PGLITE_ENTRY : PGDUMP_ENTRY;
  const unknown = names.find(
    (name) =>
      name !== expected &&
      !name.startsWith(FILE_PREFIX) &&
      !DATA_DIR_SECRETS.some((secret) => name === `${SECRET_PREFIX}${secret}`),
  );
  if (header.database !== expected || !names.includes(expected) || unknown) {
    throw new BackupError(`O backup ${file} tem uma entrada inesperada: ${unknown ?? header.database}.`);
  }

  const pgliteDir = path.join(target.dataDir, 'db');
  const replaced = target.databaseUrl
    ? await clearPostgres(target.databaseUrl, target.force)
    : await clearPglite(pgliteDir, target.force);

  await mkdir(target.dataDir, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'pulso-restore-'));
  const dumpFile = path.join(work, PGDUMP_ENTRY);
  let image: Buffer | null = null;
  let files = 0;
  let secrets = 0;
  try {
    await readArchive(file, async (name, body) => {
      if (name === PGLITE_ENTRY) {
        image = Buffer.concat(await body.toArray());
      } else if (name === PGDUMP_ENTRY) {
        await pipeline(body, createWriteStream(dumpFile));
      } else if (name.startsWith(SECRET_PREFIX)) {
        const secret = Buffer.concat(await body.toArray());
        await writeFile(path.join(target.dataDir, name.slice(SECRET_PREFIX.length)), secret, { mode: 0o600 });
        secrets += 1;
      } else {
        await target.storage.put(name.slice(FILE_PREFIX.length), Buffer.concat(await body.toArray()));
        files += 1;
      }
    });
    if (target.databaseUrl) await pgRestore(target.databaseUrl, dumpFile);
    const database = await openDatabase({
      databaseUrl: target.databaseUrl,
      pgliteDir,
      pgliteImage: image ? new Blob([image]) : undefined,
    });
    try {
      return {
        engine,
        createdAt: header.created_at,
        accounts: await countAccounts(database),
        files,
        secrets,
        replaced,
      };
    } finally {
      await database.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Accounts in `database` (0 when it has no `users` table yet). */
export async function countAccounts(database: Database): Promise<number> {
  const first = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: { n: number | null }[] }).rows[0]?.n;
  // Two statements: PostgreSQL resolves a table's name before running any branch that reads it.
  if ((await first(sql`select to_regclass('public.users')::text as n`)) == null) return 0;
  return Number(await first(sql`select count(*)::int as n from users`));
}

function refuse(accounts: number): never {
  throw new BackupError(
    `O banco de destino já tem ${accounts} conta(s): nada foi alterado. Para substituí-lo pelo backup, ` +
      'rode de novo com --force.',
  );
}

/** Empties PGlite's `dir` for the restore; answers where a directory holding accounts was moved. */
async function clearPglite(dir: string, force: boolean): Promise<string | null> {
  if (!existsSync(dir)) return null;
  const database = await openDatabase({ pgliteDir: dir });
  const accounts = await countAccounts(database).finally(() => database.close());
  if (accounts === 0) {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
  if (!force) refuse(accounts);
  const aside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(dir, aside);
  return aside;
}

/** Drops the schemas of PostgreSQL's database at `url` for the restore (`pg_restore` makes them again). */
async function clearPostgres(url: string, force: boolean): Promise<null> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    const accounts = await countAccounts(database);
    if (accounts > 0 && !force) refuse(accounts);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`create schema public`);
  } finally {
    await database.close();
  }
  return null;
}
