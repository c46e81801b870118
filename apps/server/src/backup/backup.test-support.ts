import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import type { Storage } from '../platform/storage.ts';

// What backup.test.ts compares between a source and a restored target (docs/operations-and-faults.md "Backups").

/** A database's rows by table and its sequences' positions. */
export interface Content {
  rows: Record<string, string[]>;
  sequences: Record<string, number>;
}

/** Every row of every table (as JSON, sorted), by table. */
export async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = await rows(
    database,
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    result[String(name)] = (await rows(database, `select to_jsonb(x)::text as r from ${String(name)} x`))
      .map((row) => String(row.r))
      .sort();
  }
  return result;
}

/** Every sequence's position, by name. */
export async function sequences(database: Database): Promise<Record<string, number>> {
  const found = await rows(
    database,
    `select schemaname || '.' || sequencename as name, coalesce(last_value, 0) as at from pg_sequences`,
  );
  return Object.fromEntries(found.map((row) => [String(row.name), Number(row.at)]));
}

async function rows(database: Database, query: string): Promise<Record<string, unknown>[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * The rows are the source's, and no sequence is behind the source's (a new row cannot take a restored one's id).
 * PostgreSQL logs sequences 32 values ahead, so a data directory copied while in use (PGlite's image) comes
 * back from its recovery up to 32 further on; pg_dump sets them exactly.
 */
export async function expectSameContent(database: Database, source: Content): Promise<void> {
  expect(await snapshot(database)).toEqual(source.rows);
  const restored = await sequences(database);
  expect(Object.keys(restored).sort()).toEqual(Object.keys(source.sequences).sort());
  for (const [name, at] of Object.entries(source.sequences)) {
    expect(restored[name], name).toBeGreaterThanOrEqual(at);
    expect(restored[name], name).toBeLessThanOrEqual(at + 32);
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every stored file's SHA-256, by key. */
export async function fileHashes(storage: Storage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const key of storage.keys()) hashes[key] = sha256((await storage.get(key)) ?? Buffer.alloc(0));
  return hashes;
}
