import { ACCOUNT_MESSAGES, type PasswordReset } from '@pulso/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { account_tokens, sessions, users } from '../../db/schema/index.ts';
import { fieldError } from '../../errors.ts';
import { runMailJob } from '../../platform/mail-jobs.ts';
import { passwordResetMail } from '../../platform/mail-templates.ts';
import {
  assertPasswordAllowed,
  clearLoginFailures,
  consumeToken,
  hashPassword,
  hashToken,
  issueAccountToken,
  sendVerificationMail,
} from '../auth/index.ts';

/**
 * `PUT /api/email/verify/:token`: confirms the e-mail of the token's account.
 * Errors: 422 `token` ({@link ACCOUNT_MESSAGES.verifyInvalid}) when the token
 * is unknown, expired, already used or its account is closed.
 */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  const done = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'email_verify');
    if (userId === null) return false;
    const updated = await tx
      .update(users)
      .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, now())` })
      .where(and(eq(users.id, userId), eq(users.is_active, true)))
      .returning({ id: users.id });
    return updated.length > 0;
  });
  if (!done) throw fieldError('token', ACCOUNT_MESSAGES.verifyInvalid);
}

/**
 * `GET /api/email/resend`: a new verification link for the signed-in user
 * (older links stop working); an already verified account gets no mail.
 */
export async function resendVerification(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
): Promise<{ message: string }> {
  const [user] = await ctx.database.db
    .select({ email_verified_at: users.email_verified_at })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error('Signed-in user not found');
  if (user.email_verified_at) return { message: ACCOUNT_MESSAGES.alreadyVerified };
  await sendVerificationMail(ctx, log, userId);
  return { message: ACCOUNT_MESSAGES.resent };
}

/**
 * `POST /api/password/email`: when `email` belongs to an active account,
 * mails a 60-minute link to `/password/reset/:token?email=`. All of the work
 * (lookup included) runs after the answer, so that the answer is identical
 * in content and timing whether or not the e-mail exists.
 */
export function requestPasswordReset(ctx: AppContext, log: FastifyBaseLogger, email: string): void {
  runMailJob(ctx, log, 'password_reset', async () => {
    const { db } = ctx.database;
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.is_active, true)))
      .limit(1);
    if (!user) return;
    const token = await issueAccountToken(db, user.id, 'password_reset');
    const link = `${ctx.config.publicOrigin}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    await ctx.mailer.send(passwordResetMail({ to: user.email, name: user.name, link }));
  });
}

/**
 * `POST /api/password/reset`: sets a new password (argon2id) from a live
 * reset token whose account has this e-mail, uses the token up and revokes
 * every session of the account. Receiving the link proves the address, so an
 * unverified e-mail becomes verified. Answers the account's id (its open
 * sockets are then closed by the route).
 * Errors: 422 `token` ({@link ACCOUNT_MESSAGES.resetInvalid}) for an unknown,
 * expired or used token, a token of another e-mail, or a closed account;
 * then 422 `password` when the new password breaks the password rule for
 * the account's name and e-mail ({@link assertPasswordAllowed}), the token
 * left usable. A reset also ends the account's sign-in cool-down
 * (docs/auth-security.md "Login throttle").
 */
export async function resetPassword(db: Db, input: PasswordReset): Promise<number> {
  const now = new Date();
  const live = and(
    eq(account_tokens.token_hash, hashToken(input.token)),
    eq(account_tokens.kind, 'password_reset'),
    isNull(account_tokens.used_at),
    gt(account_tokens.expires_at, now),
    sql`lower(${users.email}) = ${input.email}`,
    eq(users.is_active, true),
  );
  const [owner] = await db
    .select({ name: users.name, email: users.email })
    .from(account_tokens)
    .innerJoin(users, eq(users.id, account_tokens.user_id))
    .where(live)
    .limit(1);
  if (!owner) throw fieldError('token', ACCOUNT_MESSAGES.resetInvalid);
  // Refused before the token is used up: the person may try another password with the same link.
  await assertPasswordAllowed(input.password, owner);
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: account_tokens.id, user_id: account_tokens.user_id })
      .from(account_tokens)
      .innerJoin(users, eq(users.id, account_tokens.user_id))
      .where(live)
      .limit(1);
    if (!row) return null;
    const used = await tx
      .update(account_tokens)
      .set({ used_at: now })
      .where(and(eq(account_tokens.id, row.id), isNull(account_tokens.used_at)))
      .returning({ id: account_tokens.id });
    if (used.length === 0) return null;
    await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        email_verified_at: sql`coalesce(${users.email_verified_at}, now())`,
      })
      .where(eq(users.id, row.user_id));
    await tx
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(eq(sessions.user_id, row.user_id), isNull(sessions.revoked_at)));
    return row.user_id;
  });
  if (done === null) throw fieldError('token', ACCOUNT_MESSAGES.resetInvalid);
  // The link proved the address: a cool-down someone else caused no longer keeps its owner out.
  await clearLoginFailures(db, owner.email);
  return done;
}
