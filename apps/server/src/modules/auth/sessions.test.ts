import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { connectSocket } from '../../test/sockets.ts';
import { recordStatements } from '../../test/statements.ts';
import { hashToken, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from './auth.service.ts';

/** Session lifetimes (docs/auth-security.md "Sessions"): 30 days unused, 90 days at most. */

const DAY = 24 * 3600 * 1000;

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes `Date` only (timers and I/O run as usual); answers a function that moves it on. */
function frozenClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  let now = Date.parse('2026-11-20T12:00:00Z');
  vi.setSystemTime(now);
  return (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };
}

const me = (auth: { authorization: string }) => t.app.inject({ url: '/api/user', headers: auth });

describe('session lifetimes', () => {
  it('are 30 days unused and 90 days at most', () => {
    expect(SESSION_TTL_MS).toBe(30 * DAY);
    expect(SESSION_MAX_AGE_MS).toBe(90 * DAY);
  });

  it('refuses a session used every day once 90 days have passed since sign-in, on HTTP and sockets', async () => {
    const advance = frozenClock();
    const p = await createPatient(t.app);
    for (let day = 1; day < 90; day++) {
      advance(DAY);
      expect((await me(p.auth)).statusCode, `day ${day}`).toBe(200);
    }
    const socket = await connectSocket(origin, p.token);
    socket.disconnect();
    // Day 89 plus almost a day: still in; sliding never pushed the expiry past sign-in + 90 days.
    advance(DAY - 1000);
    expect((await me(p.auth)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ expires_at: sessions.expires_at, created_at: sessions.created_at })
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(p.token)));
    expect(row?.expires_at.getTime()).toBe((row?.created_at.getTime() ?? 0) + 90 * DAY);
    advance(1000);
    const refused = await me(p.auth);
    expect(refused.statusCode).toBe(401);
    await expect(connectSocket(origin, p.token)).rejects.toThrow();
    // Signing in again starts a new 90 days.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email, password: p.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${again.json().token}` })).statusCode).toBe(200);
  });

  it('still ends a session left unused for 30 days', async () => {
    const advance = frozenClock();
    const p = await createPatient(t.app);
    advance(10 * DAY);
    expect((await me(p.auth)).statusCode).toBe(200);
    advance(30 * DAY - 1000);
    expect((await me(p.auth)).statusCode).toBe(200);
    advance(30 * DAY);
    expect((await me(p.auth)).statusCode).toBe(401);
  });

  it('refuses a session older than 90 days even when its stored expiry says otherwise', async () => {
    // Sessions slid before the absolute lifetime existed may carry an expiry past sign-in + 90 days.
    const advance = frozenClock();
    const p = await createPatient(t.app);
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() + 365 * DAY) })
      .where(eq(sessions.token_hash, hashToken(p.token)));
    advance(90 * DAY);
    expect((await me(p.auth)).statusCode).toBe(401);
  });
});

describe('session lookups made together', () => {
  it('share a statement, and each request gets its own session or its own 401', async () => {
    const patients = await Promise.all([0, 1, 2, 3].map(() => createPatient(t.app)));
    const revoked = await createPatient(t.app);
    await t.database.db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(eq(sessions.token_hash, hashToken(revoked.token)));
    const unknown = { authorization: 'Bearer nao-existe' };
    const statements = recordStatements(t.database.db);
    try {
      const answers = await Promise.all(
        [...patients.map((p) => p.auth), revoked.auth, unknown, patients[0]?.auth ?? unknown].map(me),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 401, 401, 200]);
      expect(answers.slice(0, 4).map((res) => res.json().user.id)).toEqual(patients.map((p) => p.user.id));
      expect(answers[6]?.json().user.id).toBe(patients[0]?.user.id);
      const lookups = statements.texts().filter((text) => text.includes('json_array_elements_text'));
      expect(lookups.length).toBeGreaterThan(0);
      expect(lookups.length).toBeLessThan(7);
    } finally {
      statements.restore();
    }
  });
});
