import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { timeline_items, timeline_totals, users } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { call, insertItem } from './timeline.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

type Totals = Record<number, { todos: number; medico: number }>;

/** What `timeline_totals` holds, patients without a row left out. */
async function kept(): Promise<Totals> {
  const rows = await t.database.db.select().from(timeline_totals);
  const totals: Totals = {};
  for (const row of rows) {
    if (row.todos !== 0 || row.medico !== 0) totals[row.user_id] = { todos: row.todos, medico: row.medico };
  }
  return totals;
}

/** The same counted from the records themselves. */
async function counted(): Promise<Totals> {
  const rows = await t.database.db
    .select({
      user_id: timeline_items.user_id,
      todos: sql<number>`count(*)::int`,
      medico: sql<number>`(count(*) filter (where ${timeline_items.created_by} = 'M'))::int`,
    })
    .from(timeline_items)
    .where(eq(timeline_items.pendente, false))
    .groupBy(timeline_items.user_id);
  return Object.fromEntries(rows.map((row) => [row.user_id, { todos: row.todos, medico: row.medico }]));
}

/** A small deterministic generator (mulberry32), so that a failing sequence can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('timeline_totals: the count of a page, kept by triggers (docs/performance.md "Timeline totals")', () => {
  it('matches the records after every kind of write: inserts of many rows, accepting, moving, deleting', async () => {
    const db = t.database.db;
    const patients = await Promise.all([0, 1, 2].map(() => createPatient(t.app)));
    const ids = patients.map((p) => p.user.id);
    const next = random(19);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    const createdBy = () => pick(['M', 'T', null]);

    for (let step = 0; step < 40; step++) {
      const existing = await db.select({ id: timeline_items.id }).from(timeline_items);
      const some = existing.filter(() => next() < 0.3).map((row) => row.id);
      const kind =
        step < 4 ? 'insert' : pick(['insert', 'accept', 'pend', 'move', 'author', 'edit', 'delete']);
      if (kind === 'insert') {
        const rows = Array.from({ length: 1 + Math.floor(next() * 5) }, () => ({
          user_id: pick(ids),
          tipo: 1,
          data: '2025-01-10',
          descricao: 'Consulta',
          created_by: createdBy(),
          pendente: next() < 0.3,
        }));
        await db.insert(timeline_items).values(rows);
      } else if (some.length > 0) {
        const where = inArray(timeline_items.id, some);
        if (kind === 'accept') await db.update(timeline_items).set({ pendente: false }).where(where);
        if (kind === 'pend') await db.update(timeline_items).set({ pendente: true }).where(where);
        if (kind === 'move')
          await db
            .update(timeline_items)
            .set({ user_id: pick(ids) })
            .where(where);
        if (kind === 'author') await db.update(timeline_items).set({ created_by: createdBy() }).where(where);
        if (kind === 'edit') await db.update(timeline_items).set({ descricao: 'Retorno' }).where(where);
        if (kind === 'delete') await db.delete(timeline_items).where(where);
      }
      expect(await kept(), `after step ${step} (${kind})`).toEqual(await counted());
    }
    expect(Object.keys(await counted()).length).toBeGreaterThan(0);
  });

  it('drops the row with the account, and a page counts only what the filter shows', async () => {
    const p = await createPatient(t.app);
    const other = await createPatient(t.app);
    const db = t.database.db;
    await insertItem(db, p.user.id, { created_by: 'M' });
    await insertItem(db, p.user.id, {});
    await insertItem(db, p.user.id, { pendente: true, created_by: 'M' });
    await insertItem(db, other.user.id, {});
    expect((await call(t, 'GET', '/api/timeline/items/all/all', p.auth)).json().total).toBe(2);
    expect((await call(t, 'GET', '/api/timeline/items/M/all', p.auth)).json().total).toBe(1);
    expect((await call(t, 'GET', '/api/timeline/items/all/all/40', p.auth)).json().total).toBe(2);

    await db.delete(users).where(eq(users.id, p.user.id));
    expect(await kept()).toEqual({ [other.user.id]: { todos: 1, medico: 0 } });
  });

  it('counts every record of concurrent writers, each in its own transaction', async () => {
    const p = await createPatient(t.app);
    const db = t.database.db;
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db.transaction(async (tx) => {
          await tx
            .insert(timeline_items)
            .values({ user_id: p.user.id, tipo: 1, data: '2025-01-10', descricao: `Consulta ${n}` });
        }),
      ),
    );
    expect(await kept()).toEqual({ [p.user.id]: { todos: 12, medico: 0 } });
  });
});
