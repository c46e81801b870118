import { afterAll, describe, expect, it } from 'vitest';
import { MeasuredPool } from './pool.ts';

/** db/pool.ts on the api-postgres project's server: what the overload shedding reads of the pool. */
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('the PostgreSQL tests need DATABASE_URL (see .ci/run)');
const pool = new MeasuredPool({ connectionString: adminUrl, max: 1 });
afterAll(async () => {
  await pool.end();
});

describe('MeasuredPool', () => {
  it('tells how long the oldest request for a connection has waited, and 0 once none waits', async () => {
    expect(pool.oldestWaitMs()).toBe(0);
    const held = await pool.connect();
    expect(pool.oldestWaitMs()).toBe(0);
    // The pool's one connection is held: this query waits for it, and so does a transaction's checkout.
    const query = pool.query('select 1 as n');
    const checkout = pool.connect();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(pool.oldestWaitMs()).toBeGreaterThan(0);
    expect(pool.waitingCount).toBe(2);
    held.release();
    expect((await query).rows).toEqual([{ n: 1 }]);
    const second = await checkout;
    second.release();
    expect(pool.oldestWaitMs()).toBe(0);
  });

  it('forgets a wait that failed', async () => {
    const closed = new MeasuredPool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 1 });
    await expect(closed.query('select 1')).rejects.toThrow();
    await expect(closed.connect()).rejects.toThrow();
    expect(closed.oldestWaitMs()).toBe(0);
    await closed.end();
  });
});
