import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../seed/seed.ts';
import type {} from './provided.ts';

/**
 * Vitest global setup of the API projects: migrates and seeds one database
 * before any test file runs, and each file's database starts as a copy of it
 * (test/harness.ts) instead of migrating and seeding on its own — on PGlite
 * that took ~3 s of every file's ~5 s of setup. PGlite: an image file
 * (`Database.image`); PostgreSQL: a template database (`CREATE DATABASE …
 * TEMPLATE`), dropped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.PULSO_TEST_DB === 'postgres') return postgresTemplate(project);
  return pgliteImage(project);
}

async function pgliteImage(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pulso-test-image-'));
  const database = await openDatabase({ pgliteDir: null });
  await database.migrate();
  await seedReferenceData(database.db);
  const image = await database.image();
  await database.close();
  if (!image) throw new Error('PGlite gave no data directory image');
  const file = path.join(dir, 'pglite.tar');
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('PULSO_TEST_DB=postgres needs DATABASE_URL (see .ci/run)');
  const name = `pulso_tpl_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
