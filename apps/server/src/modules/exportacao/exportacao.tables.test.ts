import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { EXPORTED, LEFT_OUT, OMITTED_COLUMNS } from './exportacao.tables.ts';

// docs/data-export.md "What the ZIP holds": every table that points at an account is exported or
// left out with a reason; a new one fails here until it is put in one list.

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable,
);

/** Names of the tables with a foreign key to `users` (directly, or through a care session or a record). */
function pointingAtAccounts(): string[] {
  const parents = new Set(['users', 'atendimentos', 'timeline_items']);
  return tables
    .map((table) => getTableConfig(table))
    .filter((config) =>
      config.foreignKeys.some((fk) => parents.has(getTableConfig(fk.reference().foreignTable).name)),
    )
    .map((config) => config.name)
    .concat('users')
    .sort();
}

describe('the export’s list of tables', () => {
  it('names every table that points at an account, exported or left out with a reason', () => {
    const listed = new Set([...Object.keys(EXPORTED), ...Object.keys(LEFT_OUT)]);
    expect(pointingAtAccounts().length).toBeGreaterThan(25);
    const missing = pointingAtAccounts().filter((name) => !listed.has(name));
    expect(missing, 'add them to EXPORTED or LEFT_OUT in exportacao.tables.ts').toEqual([]);
    for (const name of Object.keys(EXPORTED)) expect(LEFT_OUT[name], name).toBeUndefined();
  });

  it('omits only columns that exist (a renamed secret column cannot slip through)', () => {
    for (const [table, columns] of Object.entries(OMITTED_COLUMNS)) {
      const found = tables.find((t) => getTableConfig(t).name === table);
      expect(found, table).toBeDefined();
      const names = getTableConfig(found as PgTable).columns.map((c) => c.name);
      for (const column of columns) expect(names, `${table}.${column}`).toContain(column);
    }
  });
});
