import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { app_secrets } from '../db/schema/index.ts';
import { readIfPresent, readOrCreateSecretFile } from './secret-file.ts';

/**
 * Where the secrets the server generates for itself live (docs/operations-and-faults.md
 * "Generated secrets"): the key that signs file links and the VAPID key pair.
 * Every node must hold the same ones — a link signed by one node is checked by
 * another, and a browser's push subscription is bound to one VAPID key — so on
 * PostgreSQL they are kept once in the database (`app_secrets`), where every
 * node reads them; on PGlite, one process by construction, in `DATA_DIR`.
 * An environment variable set for a secret still wins (its caller checks it
 * first).
 */
export interface SecretStore {
  /**
   * The secret called `name`: the one kept, or else `make()`'s, kept now.
   * Of several nodes creating it at once, all answer the first one kept.
   */
  readOrCreate(name: string, make: () => string): Promise<string>;
}

/** Secrets as files under `dataDir`, one per name (`platform/secret-file.ts`). */
export function fileSecretStore(dataDir: string): SecretStore {
  return { readOrCreate: (name, make) => readOrCreateSecretFile(path.join(dataDir, name), make) };
}

/**
 * Secrets as rows of `app_secrets`. A node that upgrades from keeping them in
 * its `DATA_DIR` brings its file's content when the database has none yet,
 * so its signed links and its browsers' push subscriptions keep working.
 */
export function databaseSecretStore(db: Db, dataDir: string): SecretStore {
  const read = async (name: string) =>
    (await db.select({ value: app_secrets.value }).from(app_secrets).where(eq(app_secrets.name, name)))[0]
      ?.value;
  return {
    async readOrCreate(name, make) {
      const kept = await read(name);
      if (kept !== undefined) return kept;
      const legacy = await readIfPresent(path.join(dataDir, name));
      const value = legacy?.trim() ? legacy : make();
      await db.insert(app_secrets).values({ name, value }).onConflictDoNothing();
      const winner = await read(name);
      if (winner === undefined) throw new Error(`Secret ${name} was not kept`);
      return winner;
    },
  };
}

/** The store of `database`: the database itself on PostgreSQL, `dataDir` on PGlite. */
export function secretStoreFor(database: Pick<Database, 'kind' | 'db'>, dataDir: string): SecretStore {
  return database.kind === 'postgres' ? databaseSecretStore(database.db, dataDir) : fileSecretStore(dataDir);
}
