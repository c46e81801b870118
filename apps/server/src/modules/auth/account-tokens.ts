import { randomBytes } from 'node:crypto';
import { type AccountTokenKind, EMAIL_VERIFY_TTL_MS, PASSWORD_RESET_TTL_MS } from '@pulso/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { account_tokens, users } from '../../db/schema/index.ts';
import { runMailJob } from '../../platform/mail-jobs.ts';
import { verificationMail } from '../../platform/mail-templates.ts';
import { hashToken } from './auth.service.ts';

/**
 * The single-use links mailed to an account (e-mail verification, password
 * reset; docs/accounts.md "E-mail verification", "Forgotten password"): issued at
 * registration here, used and reissued by modules/account.
 */

const TTL: Record<AccountTokenKind, number> = {
  email_verify: EMAIL_VERIFY_TTL_MS,
  password_reset: PASSWORD_RESET_TTL_MS,
};

/**
 * Issues a single-use token of `kind` for `userId` (256-bit random, stored
 * only as its SHA-256 hex) and voids the user's older unused tokens of the
 * same kind: only the newest link works.
 */
export async function issueAccountToken(db: Db, userId: number, kind: AccountTokenKind): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(account_tokens)
      .set({ used_at: now })
      .where(
        and(
          eq(account_tokens.user_id, userId),
          eq(account_tokens.kind, kind),
          isNull(account_tokens.used_at),
        ),
      );
    await tx.insert(account_tokens).values({
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + TTL[kind]),
    });
  });
  return token;
}

/**
 * Uses up a live token of `kind` atomically (unknown, expired and used tokens
 * answer `null`); answers its user. Two concurrent uses cannot both succeed.
 */
export async function consumeToken(db: Db, token: string, kind: AccountTokenKind): Promise<number | null> {
  const now = new Date();
  const [row] = await db
    .update(account_tokens)
    .set({ used_at: now })
    .where(
      and(
        eq(account_tokens.token_hash, hashToken(token)),
        eq(account_tokens.kind, kind),
        isNull(account_tokens.used_at),
        gt(account_tokens.expires_at, now),
      ),
    )
    .returning({ user_id: account_tokens.user_id });
  return row?.user_id ?? null;
}

/**
 * Sends 'Confirme seu e-mail' to a new or unverified account (issue 3): a
 * 24-hour link to `${PUBLIC_ORIGIN}/email/verify/:token`. The token is stored
 * before answering; the mail leaves in the background.
 */
export async function sendVerificationMail(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
): Promise<void> {
  const { db } = ctx.database;
  const [user] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error('User not found for the verification mail');
  const token = await issueAccountToken(db, userId, 'email_verify');
  const link = `${ctx.config.publicOrigin}/email/verify/${token}`;
  const message = verificationMail({ to: user.email, name: user.name, link });
  runMailJob(ctx, log, 'email_verify', () => ctx.mailer.send(message));
}
