import { eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { login_failures } from '../../db/schema/index.ts';
import { hashToken } from './auth.service.ts';

/** Wrong passwords an account may have before each further attempt waits (docs/auth-security.md). */
export const LOGIN_FREE_FAILURES = 10;
/** Wait after the {@link LOGIN_FREE_FAILURES}th failure; it doubles with each further failure… */
export const LOGIN_FIRST_DELAY_MS = 30_000;
/** … up to this: nobody can keep an account closed for longer than this per wrong password. */
export const LOGIN_MAX_DELAY_MS = 15 * 60_000;
/** An account's failures are forgotten this long after its last attempt (and at once on a sign-in). */
export const LOGIN_FAILURES_FORGET_MS = 24 * 3600_000;
/** Window of the per-address count of wrong passwords (`RATE_LIMIT_LOGIN_FAILURES` per window). */
export const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;

/**
 * The cool-down that follows attempt number `attempt` (1-based, counted
 * since the account's last sign-in) when it fails: none for the first
 * {@link LOGIN_FREE_FAILURES} − 1, then 30 s, 1 min, 2 min… capped at
 * {@link LOGIN_MAX_DELAY_MS}.
 */
export function loginDelayMs(attempt: number): number {
  if (attempt < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_FIRST_DELAY_MS * 2 ** (attempt - LOGIN_FREE_FAILURES));
}

/** The row key of a sign-in e-mail: SHA-256 hex of the lower-cased address (the e-mail is not stored). */
function keyOf(email: string): string {
  return hashToken(email.trim().toLowerCase());
}

/**
 * Takes an attempt at the password of `email` (docs/auth-security.md "Login
 * throttle"). While the account cools down it answers the wait and counts
 * nothing; otherwise it counts the attempt as a failure *before* the
 * password is checked (so that concurrent guesses cannot slip past the
 * count) and, from the {@link LOGIN_FREE_FAILURES}th on, starts the next
 * cool-down ({@link loginDelayMs}); a right password then calls
 * {@link clearLoginFailures}. The same for unknown e-mails, which therefore
 * answer like accounts. One short transaction on the database: every API
 * node sees it, and it does not depend on Redis.
 */
export async function takeLoginAttempt(
  db: Db,
  email: string,
  now = new Date(),
): Promise<{ allowed: true } | { allowed: false; waitMs: number }> {
  const key = keyOf(email);
  return db.transaction(async (tx) => {
    await tx
      .insert(login_failures)
      .values({ email_hash: key, failures: 0, updated_at: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(login_failures)
      .where(eq(login_failures.email_hash, key))
      .for('update');
    const idle = !row || now.getTime() - row.updated_at.getTime() >= LOGIN_FAILURES_FORGET_MS;
    if (row && !idle && row.locked_until && row.locked_until > now) {
      return { allowed: false, waitMs: row.locked_until.getTime() - now.getTime() };
    }
    const attempt = (idle ? 0 : (row?.failures ?? 0)) + 1;
    const delay = loginDelayMs(attempt);
    await tx
      .update(login_failures)
      .set({
        failures: attempt,
        locked_until: delay > 0 ? new Date(now.getTime() + delay) : null,
        updated_at: now,
      })
      .where(eq(login_failures.email_hash, key));
    return { allowed: true };
  });
}

/** Forgets the failures of `email` after a right password. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(login_failures).where(eq(login_failures.email_hash, keyOf(email)));
}

/** Deletes the rows idle for {@link LOGIN_FAILURES_FORGET_MS} (a scheduled job); answers how many. */
export async function forgetIdleLoginFailures(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(login_failures)
    .where(lte(login_failures.updated_at, new Date(now.getTime() - LOGIN_FAILURES_FORGET_MS)))
    .returning({ key: login_failures.email_hash });
  return gone.length;
}
