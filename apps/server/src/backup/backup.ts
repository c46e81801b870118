import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { VAPID_SECRET_NAME } from '../platform/push.ts';
import { readIfPresent } from '../platform/secret-file.ts';
import { FILES_URL_SECRET_FILE } from '../platform/signed-url.ts';
import type { Storage } from '../platform/storage.ts';
import { type ArchiveEntry, BACKUP_FORMAT, BACKUP_VERSION, BackupError, writeArchive } from './archive.ts';
import { pgDump } from './postgres-tools.ts';

/**
 * The secrets the server generates into `DATA_DIR` on PGlite
 * (docs/operations-and-faults.md "Generated secrets"): backed up with it, so
 * that the browsers' push subscriptions (bound to the VAPID key) still work
 * after a restore. On PostgreSQL they are rows of `app_secrets`, in the dump.
 */
export const DATA_DIR_SECRETS = [FILES_URL_SECRET_FILE, VAPID_SECRET_NAME] as const;

/** Entry names inside a backup (backup/archive.ts). */
export const PGLITE_ENTRY = 'database.pglite.tar.gz';
export const PGDUMP_ENTRY = 'database.pgdump';
export const SECRET_PREFIX = 'secrets/';
export const FILE_PREFIX = 'files/';

/** What a backup holds. */
export interface BackupReport {
  engine: Database['kind'];
  files: number;
  secrets: number;
  /** Size of the backup file (bytes). */
  bytes: number;
}

/** Where a backup reads from. */
export interface BackupSource {
  /** The open database (PGlite: under the data-directory lock; PostgreSQL: any time, one snapshot). */
  database: Database;
  /** PostgreSQL's URL, for `pg_dump`; absent on PGlite. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The uploaded files: the disk's `DATA_DIR/files` or the bucket. */
  storage: Storage;
}

/**
 * `npm run backup -- --out FILE` (docs/operations-and-faults.md "Backups"):
 * writes to `out` (which must not exist) the database — PGlite's data
 * directory gzipped, or `pg_dump` of PostgreSQL — then PGlite's generated
 * secrets and every stored file, with their checksums (backup/archive.ts).
 * The dump is taken first: a file uploaded while a PostgreSQL backup runs
 * may be in it without its row, never the other way round unless it was
 * deleted meanwhile. Throws a {@link BackupError} (pt-BR).
 */
export async function makeBackup(out: string, source: BackupSource): Promise<BackupReport> {
  if (existsSync(out)) throw new BackupError(`${out} já existe: escolha outro nome para o backup.`);
  const { database } = source;
  const dumpFile = `${out}.pgdump.partial`;
  let files = 0;
  let secrets = 0;
  async function* entries(): AsyncGenerator<ArchiveEntry> {
    if (database.kind === 'pglite') {
      const image = await database.image('gzip');
      if (!image) throw new Error('PGlite gave no image of its data directory');
      yield { name: PGLITE_ENTRY, bytes: Buffer.from(await image.arrayBuffer()) };
      for (const name of DATA_DIR_SECRETS) {
        const text = await readIfPresent(path.join(source.dataDir, name));
        if (text === null) continue;
        secrets += 1;
        yield { name: `${SECRET_PREFIX}${name}`, bytes: Buffer.from(text) };
      }
    } else {
      if (!source.databaseUrl) throw new Error('PostgreSQL backup without DATABASE_URL');
      await pgDump(source.databaseUrl, dumpFile);
      yield { name: PGDUMP_ENTRY, size: (await stat(dumpFile)).size, path: dumpFile };
    }
    for await (const key of source.storage.keys()) {
      const bytes = await source.storage.get(key);
      if (bytes === null) continue; // deleted since it was listed
      files += 1;
      yield { name: `${FILE_PREFIX}${key}`, bytes };
    }
  }
  try {
    await writeArchive(
      out,
      {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        engine: database.kind,
        database: database.kind === 'pglite' ? PGLITE_ENTRY : PGDUMP_ENTRY,
      },
      entries(),
    );
  } finally {
    await rm(dumpFile, { force: true });
  }
  return { engine: database.kind, files, secrets, bytes: (await stat(out)).size };
}
