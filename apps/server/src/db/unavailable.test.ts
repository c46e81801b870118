import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@pulso/domain';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../test/factories.ts';
import { createTestApp, TEST_ENGINE } from '../test/harness.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './unavailable.ts';

/** The error `work` rejects with. */
async function failure(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection and an ended pool, through Drizzle', async () => {
    const refused = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/nada' });
    expect(isDatabaseUnavailable(await failure(() => drizzlePg(refused).execute(sql`select 1`)))).toBe(true);
    await refused.end();
    expect(isDatabaseUnavailable(await failure(() => drizzlePg(refused).execute(sql`select 1`)))).toBe(true);
  });

  it('leaves other errors alone (a unique violation, a syntax error, a bug), and knows a closed PGlite', async () => {
    const lite = await PGlite.create();
    const db = drizzlePglite(lite);
    await db.execute(sql`create table t (id int primary key)`);
    await db.execute(sql`insert into t values (1)`);
    expect(isDatabaseUnavailable(await failure(() => db.execute(sql`insert into t values (1)`)))).toBe(false);
    expect(isDatabaseUnavailable(await failure(() => db.execute(sql`selec 1`)))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    await lite.close();
    expect(isDatabaseUnavailable(await failure(() => db.execute(sql`select 1`)))).toBe(true);
  });

  it(
    TEST_ENGINE === 'postgres'
      ? 'recognises a session the server terminated (57P01 or a cut connection)'
      : 'recognises a timed-out connection attempt (the pool gives up)',
    async () => {
      if (TEST_ENGINE !== 'postgres') {
        // A loopback listener that accepts and never answers, as a database stuck at start does.
        const silent = net.createServer(() => {});
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        const { port } = silent.address() as net.AddressInfo;
        const slow = new pg.Pool({
          connectionString: `postgres://postgres@127.0.0.1:${port}/nada`,
          connectionTimeoutMillis: 200,
        });
        expect(isDatabaseUnavailable(await failure(() => drizzlePg(slow).execute(sql`select 1`)))).toBe(true);
        await slow.end();
        silent.close();
        return;
      }
      const url = process.env.DATABASE_URL as string;
      const victim = new pg.Client({ connectionString: url });
      victim.on('error', () => {});
      await victim.connect();
      const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      expect(isDatabaseUnavailable(await failure(() => victim.query('select 1')))).toBe(true);
      await victim.end().catch(() => {});
    },
  );
});

describe(`a data route while the database is down (${TEST_ENGINE})`, () => {
  it('answers 503 with Retry-After and the pt-BR message, never a 500; /api/health too', async () => {
    const t = await createTestApp();
    try {
      const ana = await createPatient(t.app);
      await t.database.close();
      for (const request of [
        { url: '/api/user', headers: ana.auth },
        { url: '/api/home', headers: ana.auth },
        {
          method: 'POST' as const,
          url: '/api/login',
          payload: { email: ana.user.email, password: ana.password },
        },
      ]) {
        const res = await t.app.inject(request);
        expect(res.statusCode, request.url).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      }
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    } finally {
      await t.close();
    }
  });
});
