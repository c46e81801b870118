import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../test/harness.ts';
import { PGLITE_EXTENSIONS } from './client.ts';

/**
 * Migration 0016 on records written before it (docs/timeline-privacy.md
 * "Records that existed before"): the telemedicine records — with their
 * session, or type 6 whose session row is already gone — become private,
 * the third parties' records wait for the patient, the rest stays as it
 * was. On the test project's engine (a database of its own on PostgreSQL).
 */
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
let before: string;

/** A fresh empty database of the project's engine: run SQL, migrate from a folder, close. */
interface Engine {
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}
let engine: Engine;

async function openEngine(): Promise<Engine> {
  if (TEST_ENGINE === 'pglite') {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    return {
      exec: async (sql) => void (await client.exec(sql)),
      query: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `pulso_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  // A connection the server ends under us fails the next query, not the whole run.
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  return {
    exec: async (sql) => void (await pool.query(sql)),
    query: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

beforeAll(async () => {
  // The migrations folder as it was before 0016.
  before = await mkdtemp(path.join(tmpdir(), 'pulso-migrations-'));
  await cp(MIGRATIONS, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 16);
  await writeFile(journalPath, JSON.stringify(journal));
  engine = await openEngine();
});
afterAll(async () => {
  await engine.close();
  await rm(before, { recursive: true, force: true });
});

describe('migration 0016', () => {
  it('marks telemedicine records private and third parties’ records pending; leaves the rest', async () => {
    await engine.migrate(before);
    await engine.exec(`
      insert into users (id, name, email, password_hash, code, terms_accepted_at) values
        (1, 'Paciente', 'p@x.com', 'h', '111AA111', now()),
        (2, 'Médica', 'm@x.com', 'h', '222BB222', now()),
        (3, 'Vizinho', 'v@x.com', 'h', '333CC333', now());
      insert into medicos (id, user_id, busca) values (1, 2, 'medica');
      insert into atendimentos (id, user_id, medico_id, status) values (1, 1, 1, 'E');
      insert into timeline_items (id, user_id, tipo, data, descricao, created_by, terceiro_id, medico_id, atendimento_id) values
        (1, 1, 1, '2025-01-01', 'Do paciente', null, null, null, null),
        (2, 1, 6, '2025-01-02', 'Atendimento por telemedicina: com sessão', 'M', null, 1, 1),
        (3, 1, 6, '2025-01-03', 'Atendimento por telemedicina: sessão apagada', 'M', null, 1, null),
        (4, 1, 2, '2025-01-04', 'Do vizinho', 'T', 3, null, null),
        (5, 1, 4, '2025-01-05', 'Da médica', 'M', 2, 1, null);
    `);
    await engine.migrate(MIGRATIONS);
    const rows = await engine.query<{ id: number; telemedicina: boolean; pendente: boolean }>(
      'select id, telemedicina, pendente from timeline_items order by id',
    );
    expect(rows).toEqual([
      { id: 1, telemedicina: false, pendente: false },
      { id: 2, telemedicina: true, pendente: false },
      { id: 3, telemedicina: true, pendente: false },
      { id: 4, telemedicina: false, pendente: true },
      { id: 5, telemedicina: false, pendente: false },
    ]);
  });
});
