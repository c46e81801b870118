import { vi } from 'vitest';
import type { Db } from '../db/client.ts';

/**
 * Records every statement `db` sends from now until `restore()`, for tests that count a route's round trips or
 * read a statement's text. Both drivers' clients (pg's pool, PGlite) take every statement through `query`: the
 * text comes as a string (PGlite) or in a config object with `text` (pg's named statements).
 */
export function recordStatements(db: Db): { texts: () => string[]; clear: () => void; restore: () => void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(client, 'query');
  return {
    texts: () =>
      query.mock.calls.map(([sent]) => (typeof sent === 'string' ? sent : (sent as { text: string }).text)),
    clear: () => query.mockClear(),
    restore: () => query.mockRestore(),
  };
}
