/**
 * The floor of a scan (bench/README.md "The floor"): bare Fastify answering
 * `GET /api/code/:code` after one `insert … returning` into a one-table
 * database, nothing else — no app, no lookup, no classification, no
 * batching. Every scan writes its access-log row before it answers, so this
 * is what one durable write per request costs on the machine of the run: a
 * scan that does not share statements (`platform/batch.ts`) cannot beat it,
 * and its ratio to bare Fastify says how far the scan's target is from it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { createPostgresDatabase, portOf } from './app-server.ts';

const TABLE =
  'create table floor_log (id bigserial primary key, user_id int not null, at timestamptz not null default now())';
const INSERT = 'insert into floor_log (user_id) values ($1) returning id';
const COUNT = 'select count(*)::int as n from floor_log';

/** A listening floor server on `engine`, with its row count and how to stop it (dropping its database). */
export async function serveFloor(
  engine: 'floor-postgres' | 'floor-pglite',
  adminUrl: string | undefined,
): Promise<{ port: number; rows: () => Promise<number>; stop: () => Promise<void> }> {
  let insert: () => Promise<unknown>;
  let rows: () => Promise<number>;
  let close: () => Promise<void>;
  if (engine === 'floor-postgres') {
    if (!adminUrl) throw new Error('floor-postgres needs DATABASE_URL');
    const database = await createPostgresDatabase(adminUrl);
    // The pool the app uses (db/client.ts): 10 connections, named statements.
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // Dropping the database at the end ends the pool's idle connections from the server's side.
    pool.on('error', () => {});
    await pool.query(TABLE);
    insert = () => pool.query({ name: 'floor_insert', text: INSERT, values: [1] });
    rows = async () => (await pool.query<{ n: number }>(COUNT)).rows[0]?.n ?? 0;
    close = async () => {
      await pool.end();
      await database.drop();
    };
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'pulso-bench-floor-'));
    const db = await PGlite.create(dir);
    await db.exec(TABLE);
    insert = () => db.query(INSERT, [1]);
    rows = async () => (await db.query<{ n: number }>(COUNT)).rows[0]?.n ?? 0;
    close = async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const app = Fastify();
  app.get('/api/code/:code', async () => {
    await insert();
    return { hello: 'world' };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: portOf(app),
    rows,
    stop: async () => {
      await app.close();
      await close();
    },
  };
}
