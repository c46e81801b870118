import { char, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong passwords per sign-in e-mail (docs/auth-security.md "Login
 * throttle"), shared by every API node and kept through a Redis outage.
 * Keyed by the SHA-256 hex of the lower-cased e-mail, known or not, so that
 * an unknown e-mail is throttled exactly like an account. `failures` counts
 * the attempts since the last sign-in (each attempt is counted before its
 * password is checked and the row is deleted on success); `locked_until`
 * is the end of the current cool-down. Rows idle for a day are forgotten.
 */
export const login_failures = pgTable(
  'login_failures',
  {
    email_hash: char('email_hash', { length: 64 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_updated_at_idx').on(t.updated_at)],
);
