import { cpSync, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db/client.ts';
import { seedReferenceData } from './seed/seed.ts';

/**
 * The build's embedded database (apps/server/build.mjs): a PGlite data directory, migrated and holding the
 * reference data, closed. It sits beside the bundle (`dist/db-template`); running from the sources there is
 * none.
 */
const DB_TEMPLATE = fileURLToPath(new URL('db-template', import.meta.url));

/**
 * Build time: creates the template in `dir` (which must not exist yet): PGlite's own initialisation, the
 * migrations and `seedReferenceData`, what every embedded start would otherwise do first on a fresh
 * `DATA_DIR` (apps/server/README.md "Build"). Nothing per installation goes in (the support pseudo-doctor,
 * generated secrets): those are made at start.
 */
export async function makeDbTemplate(dir: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Start-up on PGlite: when `pgliteDir` does not exist and the build left a template, copies the template
 * there (through `<pgliteDir>.partial`, renamed at the end, so a killed copy is never taken for a
 * database) instead of PGlite initialising an empty one. Answers whether it copied. Call it under the
 * data-directory lock, before serving: the copy is synchronous, two to three times as fast as Node 20's
 * `fs.promises.cp` for the template's files (docs/performance.md "Start-up").
 */
export async function copyDbTemplate(pgliteDir: string): Promise<boolean> {
  if (existsSync(pgliteDir) || !existsSync(DB_TEMPLATE)) return false;
  const partial = `${pgliteDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  cpSync(DB_TEMPLATE, partial, { recursive: true });
  await rename(partial, pgliteDir);
  return true;
}
