import type { Db } from './client.ts';

/**
 * `build` made once per database and kept as long as that database is: the
 * prepared statements and batchers of the hot paths (the scan, the session
 * lookup, the timeline's pages), built at their first use. A server has one
 * database; tests and benchmarks open several, each with its own. An error
 * from `build` is not kept: the next call builds again.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
