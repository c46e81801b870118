import type { PGlite } from '@electric-sql/pglite';

/**
 * Prepared statements for the embedded database (docs/performance.md
 * "Prepared statements on PGlite"). PGlite's `query` parses and plans its text
 * every time (Drizzle's `.prepare(name)` names nothing there), and the
 * scan's statement spends 1.6 ms planning for 0.8 ms of work. Here a text
 * run a second time is prepared once with SQL's `PREPARE` and then run with
 * `EXECUTE`, its parameters written as quoted literals that PostgreSQL coerces
 * to the types `PREPARE` inferred — what the extended protocol does with
 * untyped parameters. The plans are PostgreSQL's own plan cache: invalidated
 * by DDL, custom plans first, generic ones when they cost no more.
 *
 * Values other than strings, numbers, bigints, booleans and null (byte arrays,
 * objects) keep the ordinary path, as do bulk writes (more than
 * {@link MAX_PREPARED_PARAMS} parameters), texts `PREPARE` refuses (DDL,
 * errors), texts marked {@link PLANNED_EACH_RUN} and the queries of
 * transactions (they go through the transaction's own handle). The session
 * is PGlite's only one, so statements live as long as the database is open.
 */

/** Texts prepared at most; after that, new texts keep the ordinary path (hot ones were seen early). */
export const MAX_PREPARED = 128;
/** Texts counted at most while waiting for their second run, or refused by `PREPARE` (each starts over past it). */
const MAX_SEEN = 2048;
/** More parameters than this is a bulk write (the seed's), run rarely: the ordinary path. */
export const MAX_PREPARED_PARAMS = 64;

/**
 * A comment that keeps a text on the ordinary path, planned with its values on
 * every run, as PostgreSQL plans an unnamed statement: for a statement whose
 * best plan depends on them (a search's terms, docs/api/timeline.md
 * "Search"), where a generic plan would be chosen blind.
 */
export const PLANNED_EACH_RUN = '/* planned each run */';

type Scalar = string | number | bigint | boolean | null | undefined;

/**
 * A value as an SQL literal: `NULL`, or a standard-conforming string literal
 * (quotes doubled; backslashes are plain characters with
 * `standard_conforming_strings` on, set in `PGLITE_SETTINGS`). Null
 * characters are refused by PostgreSQL either way.
 */
export function sqlLiteral(value: Scalar): string {
  if (value === null || value === undefined) return 'NULL';
  return `'${String(value).replaceAll("'", "''")}'`;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'bigint', 'boolean', 'undefined'].includes(typeof value);
}

/** PostgreSQL's answer when a table changed under a prepared `select`: prepare it again. */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && error.message.includes('cached plan must not change result type');
}

/**
 * Makes `client`'s `query(text, params, options)` run prepared from a text's
 * second run on, and answers `client`. Everything else is `client`'s own.
 */
export function withPreparedStatements(client: PGlite): PGlite {
  const prepared = new Map<string, string>();
  // Texts run once so far, and texts PREPARE refused or marked PLANNED_EACH_RUN; forgotten all at once past MAX_SEEN.
  const pending = new Map<string, 'seen' | 'refused'>();
  let made = 0;
  const query = client.query.bind(client) as PGlite['query'];

  async function statementFor(text: string): Promise<string | null> {
    const known = prepared.get(text);
    if (known) return known;
    if (prepared.size >= MAX_PREPARED) return null;
    const state = pending.get(text);
    if (state !== 'seen') {
      if (state === undefined) {
        if (pending.size >= MAX_SEEN) pending.clear();
        // Read once per text, at its first run, not on the hot path of the prepared ones.
        pending.set(text, text.includes(PLANNED_EACH_RUN) ? 'refused' : 'seen');
      }
      return null;
    }
    const name = `pulso_${++made}`;
    try {
      await query(`prepare ${name} as ${text}`);
    } catch {
      // Not a statement PREPARE takes, or a wrong one: the ordinary path raises its error as usual.
      pending.set(text, 'refused');
      return null;
    }
    pending.delete(text);
    prepared.set(text, name);
    return name;
  }

  const preparedQuery: PGlite['query'] = async (text, params = [], options) => {
    if (params.length > MAX_PREPARED_PARAMS || !params.every(isScalar)) return query(text, params, options);
    const name = await statementFor(text);
    if (!name) return query(text, params, options);
    const execute =
      params.length > 0 ? `execute ${name}(${params.map(sqlLiteral).join(', ')})` : `execute ${name}`;
    try {
      return await query(execute, [], options);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      prepared.delete(text);
      await query(`deallocate ${name}`);
      return query(text, params, options);
    }
  };

  // An own property of the instance, not a Proxy: what wraps the client (db/turns.ts) and what
  // spies on it (the tests that count a route's queries) see one `query` per statement.
  client.query = preparedQuery;
  return client;
}
