import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createTurnScheduler, withTurns } from './turns.ts';

/** Keeps this thread busy for `ms`, as a PGlite query does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

/** How many of `jobs` had ended when the event loop next ran its timers. */
async function endedBeforeTheLoopTurned(jobs: Promise<unknown>[], ended: () => number): Promise<number> {
  const atTurn = new Promise<number>((resolve) => setTimeout(() => resolve(ended()), 0));
  await Promise.all(jobs);
  return atTurn;
}

describe('the embedded database’s turns (docs/resilience.md "PGlite\'s turns (`db/turns.ts`)")', () => {
  it('runs jobs one at a time, in arrival order, a failed one not holding the rest', async () => {
    const turns = createTurnScheduler(10);
    const log: string[] = [];
    const job = (name: string, fail = false) =>
      turns.run(async () => {
        log.push(`${name}+`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        log.push(`${name}-`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a'), job('b', true), job('c')]);
    expect(log).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('lets the event loop turn once a stretch of back-to-back jobs passes the budget', async () => {
    const turns = createTurnScheduler(10);
    let ended = 0;
    const jobs = Array.from({ length: 20 }, () =>
      turns.run(async () => {
        busy(3);
        ended += 1;
      }),
    );
    // 60 ms of work in 3 ms jobs: without the turns all 20 end before the timer runs.
    const atTurn = await endedBeforeTheLoopTurned(jobs, () => ended);
    expect(atTurn).toBeGreaterThan(0);
    expect(atTurn).toBeLessThanOrEqual(8);
    expect(ended).toBe(20);
  });

  it('says how long the oldest waiting job has waited, and 0 when none waits', async () => {
    const turns = createTurnScheduler(10);
    expect(turns.queueDelayMs()).toBe(0);
    let release = () => {};
    const held = turns.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = turns.run(async () => 'next');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(turns.queueDelayMs()).toBeGreaterThanOrEqual(25);
    release();
    await expect(waiting).resolves.toBe('next');
    await held;
    expect(turns.queueDelayMs()).toBe(0);
  });

  describe('on a real PGlite', async () => {
    const bare = await PGlite.create();
    afterAll(() => bare.close());
    const heavy = 'select count(*)::int as n from generate_series(1, 40000)';

    it('queries from many requests at once leave the event loop turns, and answer as before', async () => {
      const client = withTurns(bare, createTurnScheduler(10));
      let ended = 0;
      const queries = Array.from({ length: 40 }, () =>
        client.query<{ n: number }>(heavy).then((r) => {
          ended += 1;
          return r.rows[0]?.n;
        }),
      );
      const atTurn = await endedBeforeTheLoopTurned(queries, () => ended);
      expect(await Promise.all(queries)).toEqual(Array(40).fill(40000));
      expect(atTurn).toBeLessThan(40);

      // Without the turns, PGlite ran all of them before the timer (what left connections unaccepted).
      ended = 0;
      const direct = Array.from({ length: 40 }, () => bare.query(heavy).then(() => (ended += 1)));
      expect(await endedBeforeTheLoopTurned(direct, () => ended)).toBe(40);
    });

    it('runs a transaction as one job and keeps the rest of the client as it was', async () => {
      const client = withTurns(bare, createTurnScheduler(10));
      await client.exec('create table turns_t (n int)');
      const inside = client.transaction(async (tx) => {
        await tx.query('insert into turns_t values (1)');
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.query('insert into turns_t values (2)');
      });
      const after = client.query<{ c: number }>('select count(*)::int as c from turns_t');
      await inside;
      expect((await after).rows[0]?.c).toBe(2);
      expect(client instanceof PGlite).toBe(true);
      expect(client.closed).toBe(false);
    });
  });
});
