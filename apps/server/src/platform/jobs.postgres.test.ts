import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { captureLog, createSharedDatabase, lockHolders, sleep, until, withClient } from '../test/cluster.ts';
import { createScheduler, type Scheduler, STARTUP_LOCK_KEY, withStartupLock } from './jobs.ts';

// Several API nodes on one PostgreSQL database (vitest.config.ts runs this file in api-postgres only).
let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
beforeAll(async () => {
  shared = await createSharedDatabase();
});
afterAll(async () => {
  await shared.drop();
});

/** A node's scheduler with one job that records the node's name at every run. */
function node(
  name: string,
  runs: string[],
  everyMs = 40,
): Scheduler & { log: ReturnType<typeof captureLog> } {
  const log = captureLog();
  const scheduler = createScheduler({
    databaseUrl: shared.url,
    log,
    jobs: [{ name: 'registrar', everyMs, run: async () => runs.push(name) }],
  });
  return Object.assign(scheduler, { log });
}

describe('the scheduler with several nodes on one PostgreSQL database', () => {
  it('runs every tick on exactly one node, and another node takes over when that one stops', async () => {
    const runs: string[] = [];
    const a = node('A', runs);
    a.start();
    await until(() => runs.length >= 1);
    const b = node('B', runs);
    const c = node('C', runs);
    b.start();
    c.start();
    try {
      await sleep(600);
      // About 15 ticks of each node: all of them A's, none of B's or C's.
      expect(runs.length).toBeGreaterThanOrEqual(8);
      expect(new Set(runs)).toEqual(new Set(['A']));
      expect([a.isLeader(), b.isLeader(), c.isLeader()]).toEqual([true, false, false]);
      expect((await lockHolders(shared.url)).map((h) => h.application_name)).toEqual(['pulso-jobs']);

      await a.stop();
      const afterA = runs.length;
      await until(() => runs.length >= afterA + 5);
      const next = runs.slice(afterA);
      // B or C won the lock at its next tick and kept it: one node again.
      expect(next.includes('A')).toBe(false);
      expect(new Set(next).size).toBe(1);
      expect(b.isLeader() !== c.isLeader()).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop(), c.stop()]);
    }
    expect(await lockHolders(shared.url)).toEqual([]);
  });

  it('frees the claim when the running node loses its connection; one node runs from then on', async () => {
    const runs: string[] = [];
    const a = node('A', runs);
    a.start();
    await until(() => a.isLeader());
    const b = node('B', runs);
    b.start();
    try {
      await sleep(200);
      expect(new Set(runs)).toEqual(new Set(['A']));
      // The node's session dies (a network cut, a PostgreSQL restart): PostgreSQL frees the lock.
      const [holder] = await lockHolders(shared.url);
      await withClient(shared.url, (client) =>
        client.query('select pg_terminate_backend($1)', [holder?.pid]),
      );
      // A notices at its next tick, and gives the claim up before it runs anything.
      await until(() => a.log.lines.some((l) => l.level === 'warn'));
      expect(a.log.lines.find((l) => l.level === 'warn')?.msg).toMatch(
        /lost the scheduler lock|could not claim/,
      );
      // Whichever node's next tick claims first (A on a new connection, or B) runs every tick after.
      await until(async () => (await lockHolders(shared.url)).length === 1);
      const [next] = await lockHolders(shared.url);
      expect(next?.pid).not.toBe(holder?.pid);
      const from = runs.length;
      await sleep(400);
      const after = runs.slice(from);
      expect(after.length).toBeGreaterThanOrEqual(5);
      expect(new Set(after).size).toBe(1);
      expect(a.isLeader() !== b.isLeader()).toBe(true);
      expect(after[0]).toBe(a.isLeader() ? 'A' : 'B');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('withStartupLock', () => {
  it('lets nodes that start together migrate one after the other', async () => {
    const target = await createSharedDatabase();
    try {
      const order: string[] = [];
      const start = (name: string) =>
        withStartupLock(target.url, async () => {
          order.push(`${name} in`);
          const database = await openDatabase({ databaseUrl: target.url, pgliteDir: null });
          try {
            await database.migrate();
            await sleep(50);
          } finally {
            await database.close();
          }
          order.push(`${name} out`);
        });
      await Promise.all([start('A'), start('B'), start('C')]);
      // Never two inside at once.
      for (let i = 0; i < order.length; i += 2) {
        expect(order[i + 1]).toBe(order[i]?.replace(' in', ' out'));
      }
      expect(order).toHaveLength(6);
      const holders = await withClient(target.url, (client) =>
        client.query(
          'select 1 from pg_locks where locktype = $1 and classid = $2::int::oid and objid = $3::int::oid',
          ['advisory', ...STARTUP_LOCK_KEY],
        ),
      );
      expect(holders.rowCount).toBe(0);
    } finally {
      await target.drop();
    }
  });
});
