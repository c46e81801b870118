import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';

/**
 * What the journeys' server holds before it starts (playwright.config.ts `webServer.command`), made in one
 * process: first the build's database template copied into the fresh `DATA_DIR`, as `npm start` does on a
 * fresh directory (apps/server/src/db-template.ts), so the tools below migrate nothing; then the doctors,
 * the patients past their free month and the staff, each script by the tool or service it names. Without a
 * build (no template) the first tool migrates the empty database itself. A script that fails exits 1 with
 * its reason, and the server then does not start.
 */

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('create-accounts needs DATA_DIR (playwright.config.ts webServer.env)');
const template = path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'dist', 'db-template');
const db = path.join(dataDir, 'db');
if (existsSync(template) && !existsSync(db)) cpSync(template, db, { recursive: true });

await import('./create-doctors.ts');
await import('./create-patients.ts');
await import('./create-staff.ts');
