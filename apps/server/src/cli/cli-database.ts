import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../lock.ts';

/** A failure a command-line tool reports as a pt-BR message (no stack trace) with exit code 1. */
export class CliError extends Error {}

/**
 * Runs `work` on the server's own database
 * (docs/architecture.md "Embedded default"): PostgreSQL with `DATABASE_URL`,
 * else PGlite under `DATA_DIR/db`. Pending migrations run first. On PGlite,
 * which takes no lock of its own, the data-directory lock is taken for the
 * whole run and released afterwards; while the embedded server (or another
 * tool) holds it the tool refuses with a {@link CliError} and touches nothing.
 */
export async function withCliDatabase<T>(
  config: Config,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  return withCliLock(config, async () => {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
    });
    try {
      await database.migrate();
      return await work(database);
    } finally {
      await database.close();
    }
  });
}

/**
 * Runs `work` holding the data-directory lock on PGlite (nothing to hold on
 * PostgreSQL); while the embedded server (or another tool) holds it, refuses
 * with a {@link CliError} and touches nothing.
 */
export async function withCliLock<T>(config: Config, work: () => Promise<T>): Promise<T> {
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (error) {
      throw new CliError(
        `${(error as Error).message}\nEste comando usa o mesmo banco embutido (PGlite) do servidor e não pode ` +
          'rodar ao mesmo tempo que ele. Pare o servidor (Ctrl+C no terminal do npm start), rode o comando e inicie o servidor de novo.',
      );
    }
  }
  try {
    return await work();
  } finally {
    release();
  }
}
