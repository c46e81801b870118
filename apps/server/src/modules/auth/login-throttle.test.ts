import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import {
  AUTH_MESSAGES,
  accountThrottledMessage,
  addressThrottledMessage,
  RegisterSchema,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { login_failures, users } from '../../db/schema/index.ts';
import { registrationBody } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { issueAccountToken } from './account-tokens.ts';
import {
  forgetIdleLoginFailures,
  LOGIN_FAILURES_FORGET_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
  loginDelayMs,
} from './login-throttle.ts';
import { registerPatient } from './registration.ts';

/**
 * The sign-in throttle (docs/auth-security.md "Login throttle"), with the
 * production defaults (`RATE_LIMIT_AUTH_PER_MINUTE` 10, `RATE_LIMIT_LOGIN_FAILURES`
 * 30): per account in the database, per client address for wrong passwords only.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '10', RATE_LIMIT_LOGIN_FAILURES: '30' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.database.db.delete(login_failures);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client address of its own for each test: the per-address counters never meet. */
const newAddress = () => `203.0.${randomInt(256)}.${randomInt(1, 255)}`;

/** Registers an account from an address of its own (registration has its own per-address limit). */
async function account(): Promise<{ email: string; password: string }> {
  const body = registrationBody();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    remoteAddress: newAddress(),
  });
  expect(res.statusCode).toBe(201);
  return { email: body.email, password: body.password };
}

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

/** Freezes `Date` (only: timers and I/O run as usual) and answers a function that moves it on. */
function frozenClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  let now = Date.parse('2026-11-20T12:00:00Z');
  vi.setSystemTime(now);
  return (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };
}

describe('loginDelayMs', () => {
  it('is none for the first 9 failures, then 30 s doubling up to 15 minutes', () => {
    expect(loginDelayMs(1)).toBe(0);
    expect(loginDelayMs(LOGIN_FREE_FAILURES - 1)).toBe(0);
    expect(loginDelayMs(10)).toBe(30_000);
    expect(loginDelayMs(11)).toBe(60_000);
    expect(loginDelayMs(14)).toBe(480_000);
    expect(loginDelayMs(15)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(1000)).toBe(LOGIN_MAX_DELAY_MS);
  });
});

describe('POST /api/login: per-account throttle', () => {
  it('slows the account after 10 wrong passwords, and only that account', async () => {
    frozenClock();
    const victim = await account();
    const other = await account();
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      const wrong = await login(victim.email, `errada-${i}-xyz`, address);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    }
    // The 11th try waits, even with the right password, and says for how long.
    const held = await login(victim.email, victim.password, address);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ message: accountThrottledMessage(30_000) });
    expect(held.json().message).toContain('Aguarde 30 segundos');
    expect(held.headers['retry-after']).toBe('30');
    // Another account behind the same address signs in: the 11th wrong try blocked it before.
    expect((await login(other.email, other.password, address)).statusCode).toBe(200);
    // So does the victim from elsewhere? No: the throttle is the account's, wherever the tries come from.
    expect((await login(victim.email, victim.password, newAddress())).statusCode).toBe(429);
  });

  it('lets the account in once the wait ends, and the waits grow while wrong passwords go on', async () => {
    const advance = frozenClock();
    const victim = await account();
    const address = newAddress();
    for (let i = 0; i < 10; i++) await login(victim.email, `errada-${i}-xyz`, address);
    advance(29_000);
    expect((await login(victim.email, victim.password, address)).json()).toEqual({
      message: accountThrottledMessage(1000),
    });
    advance(1000);
    // The wait is over: one more wrong password starts a wait twice as long.
    expect((await login(victim.email, 'errada-de-novo-1', address)).statusCode).toBe(422);
    const longer = await login(victim.email, victim.password, address);
    expect(longer.statusCode).toBe(429);
    expect(longer.json().message).toContain('Aguarde 1 minuto');
    advance(60_000);
    expect((await login(victim.email, victim.password, address)).statusCode).toBe(200);
    // A sign-in forgets the failures: the next wrong password costs nothing.
    expect((await login(victim.email, 'errada-depois-1', address)).statusCode).toBe(422);
    expect((await login(victim.email, victim.password, address)).statusCode).toBe(200);
  });

  it('never closes an account for more than 15 minutes after a wrong password', async () => {
    const advance = frozenClock();
    const victim = await account();
    const address = newAddress();
    for (let i = 0; i < 30; i++) {
      advance(LOGIN_MAX_DELAY_MS);
      await login(victim.email, `errada-${i}-xyz`, address);
    }
    const held = await login(victim.email, victim.password, address);
    expect(held.json()).toEqual({ message: accountThrottledMessage(LOGIN_MAX_DELAY_MS) });
    advance(LOGIN_MAX_DELAY_MS);
    expect((await login(victim.email, victim.password, address)).statusCode).toBe(200);
  });

  it('counts concurrent guesses: 20 at once get no more than 10 password checks', async () => {
    const victim = await account();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(victim.email, `paralela-${i}-xyz`, address)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('answers an unknown e-mail exactly like an account: no way to tell which e-mails exist', async () => {
    frozenClock();
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      expect((await login('ninguem@exemplo.com.br', `errada-${i}-xyz`, address)).statusCode).toBe(422);
    }
    const held = await login('ninguem@exemplo.com.br', 'qualquer-uma-1', address);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ message: accountThrottledMessage(30_000) });
  });

  it('ends the wait when the owner resets the password through the mailed link', async () => {
    const victim = await account();
    const address = newAddress();
    for (let i = 0; i < 10; i++) await login(victim.email, `errada-${i}-xyz`, address);
    expect((await login(victim.email, victim.password, address)).statusCode).toBe(429);
    const [row] = await t.database.db.select().from(login_failures);
    expect(row?.failures).toBe(10);
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, victim.email));
    const token = await issueAccountToken(t.database.db, user?.id ?? 0, 'password_reset');
    const fresh = 'girassol-amarelo-na-janela';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, email: victim.email, password: fresh, password_confirmation: fresh },
      remoteAddress: newAddress(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(victim.email, fresh, address)).statusCode).toBe(200);
  });

  it('keeps no e-mail in clear, and a scheduled job forgets rows idle for a day', async () => {
    const advance = frozenClock();
    await login('alguem@exemplo.com.br', 'errada-xyz-1', newAddress());
    const rows = await t.database.db.select().from(login_failures);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await forgetIdleLoginFailures(t.database.db)).toBe(0);
    advance(LOGIN_FAILURES_FORGET_MS);
    expect(await forgetIdleLoginFailures(t.database.db)).toBe(1);
    expect(await t.database.db.select().from(login_failures)).toEqual([]);
  });
});

describe('POST /api/login: per-address limit on wrong passwords', () => {
  it('counts only wrong passwords: right ones and malformed bodies pass freely', async () => {
    const someone = await account();
    const address = newAddress();
    for (let i = 0; i < 12; i++) {
      expect((await login(someone.email, someone.password, address)).statusCode).toBe(200);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: {},
        remoteAddress: address,
      });
      expect(empty.statusCode).toBe(422);
    }
  });

  it('answers 429 with the wait after 30 wrong passwords from one address, whatever the accounts', async () => {
    const advance = frozenClock();
    const address = newAddress();
    const fresh = await account();
    // Three e-mails, ten wrong passwords each: no account is throttled before the address is.
    for (let i = 0; i < 30; i++) {
      expect((await login(`alvo${i % 3}@exemplo.com.br`, `errada-${i}-xyz`, address)).statusCode).toBe(422);
    }
    const blocked = await login(fresh.email, fresh.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: addressThrottledMessage(15 * 60_000) });
    expect(blocked.headers['retry-after']).toBe('900');
    // Elsewhere the same account signs in, and here too once the window is over.
    expect((await login(fresh.email, fresh.password, newAddress())).statusCode).toBe(200);
    advance(15 * 60_000);
    expect((await login(fresh.email, fresh.password, address)).statusCode).toBe(200);
  });
});

describe('POST /api/login while Redis is down', () => {
  it('keeps signing people in, throttling accounts (database) and addresses (in this process)', async () => {
    // A port with nothing behind it: every Redis command fails.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const down = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      // The address count goes on in this process while Redis is unreachable (platform/rate-limit.ts).
      RATE_LIMIT_LOGIN_FAILURES: '12',
    });
    try {
      const [victim, other] = [registrationBody(), registrationBody()];
      for (const body of [victim, other]) await registerPatient(down.database.db, RegisterSchema.parse(body));
      const tryLogin = (email: string, password: string) =>
        down.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      for (let i = 0; i < 10; i++)
        expect((await tryLogin(victim.email, `errada-${i}-xyz`)).statusCode).toBe(422);
      expect((await tryLogin(victim.email, victim.password)).statusCode).toBe(429);
      expect((await tryLogin(other.email, other.password)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++)
        expect((await tryLogin(other.email, `errada-${i}-abc`)).statusCode).toBe(422);
      const limited = await tryLogin(other.email, 'errada-final-abc');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await down.close();
    }
  }, 90_000);
});
