import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready (docs/operations-and-faults.md "Probes")', () => {
  it('answers ready while the database answers, its migrations are applied and the node is not stopping', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 draining once the node is stopping', async () => {
    t.app.draining = true;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'draining' });
      // Liveness is another question: the node is alive while it drains.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });

  it('answers 503 migrations while the newest migration is not applied', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await t.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1
      where created_at = ${newest}`);
    try {
      expect((await ready()).json()).toEqual({ status: 'not_ready', reason: 'migrations' });
    } finally {
      await t.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1
        where created_at = ${newest}`);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 database when the database does not answer', async () => {
    await t.database.close();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reason: 'database' });
  });
});
