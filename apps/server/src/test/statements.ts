import { vi } from 'vitest';
import type { Db } from '../db/client.ts';

/**
 * Records every statement `db` sends from now until `restore()`, for tests that count a route's round trips or
 * read a statement's text. Both drivers' clients (pg's pool, PGlite) take every statement through `query`: the
 * text comes as a string (PGlite) or in a config object with `text` and, for a named (prepared) statement, `name`
 * (pg). `statements()` answers each as `{ text, name }`, `name` undefined for PGlite's and pg's unnamed ones.
 */
export function recordStatements(db: Db): {
  texts: () => string[];
  statements: () => { text: string; name: string | undefined }[];
  clear: () => void;
  restore: () => void;
} {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(client, 'query');
  const statements = () =>
    query.mock.calls.map(([sent]) =>
      typeof sent === 'string' ? { text: sent, name: undefined } : (sent as { text: string; name?: string }),
    );
  return {
    texts: () => statements().map((statement) => statement.text),
    statements: () => statements().map(({ text, name }) => ({ text, name })),
    clear: () => query.mockClear(),
    restore: () => query.mockRestore(),
  };
}
