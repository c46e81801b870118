import { verify } from '@node-rs/argon2';
import { type ChangePassword, SETTINGS_MESSAGES, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { account_tokens, sessions, users } from '../../db/schema/index.ts';
import { fieldError, HttpError } from '../../errors.ts';
import { assertPasswordAllowed, hashPassword } from '../auth/index.ts';

/**
 * Changes the actor's password (docs/accounts.md "Password change",
 * `PUT /settings/password`). The current password is checked with argon2; the
 * new one is stored as argon2id, and every other live session of the account is
 * revoked in the same transaction, the one making the request stays signed in
 * (docs/auth-security.md "Sessions"). Errors: 422 `password_current` 'Senha
 * atual incorreta'; then 422 `password` when the new password breaks the
 * password rule for the account's name and e-mail (docs/auth-security.md); 401
 * when the account is gone or closed.
 */
export async function changePassword(db: Db, actor: Actor, input: ChangePassword): Promise<void> {
  const [row] = await db
    .select({ password_hash: users.password_hash, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.is_active, true)))
    .limit(1);
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  if (!(await verify(row.password_hash, input.password_current))) {
    throw fieldError('password_current', SETTINGS_MESSAGES.passwordCurrentWrong);
  }
  await assertPasswordAllowed(input.password, row);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, actor.userId));
    await tx
      .update(sessions)
      .set({ revoked_at: now })
      .where(
        and(
          eq(sessions.user_id, actor.userId),
          ne(sessions.id, actor.sessionId),
          isNull(sessions.revoked_at),
        ),
      );
    // A reset link sent before the change must not undo it.
    await tx
      .update(account_tokens)
      .set({ used_at: now })
      .where(
        and(
          eq(account_tokens.user_id, actor.userId),
          eq(account_tokens.kind, 'password_reset'),
          isNull(account_tokens.used_at),
        ),
      );
  });
}

/**
 * Closes the actor's account (`PUT /settings/account/closed`;
 * docs/auth-security.md "Closed accounts") once `password` is the account's
 * own: `is_active` false and `closed_at` now, and every session revoked,
 * this one included. Nothing is deleted: sign-in then tells the account was
 * closed and the code's public view answers like an unknown code
 * (auth.service `authenticate`, code.service). Errors: 422 `password`
 * 'Senha incorreta'; 401 when the account is gone or already closed.
 */
export async function closeAccount(db: Db, actor: Actor, password: string): Promise<void> {
  const [row] = await db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.is_active, true)))
    .limit(1);
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  if (!(await verify(row.password_hash, password))) {
    throw fieldError('password', SETTINGS_MESSAGES.closePasswordWrong);
  }
  await closeAndRevoke(db, actor.userId, new Date());
}

/**
 * The closing both "Encerrar conta" and "Excluir minha conta" make, in one transaction: the account
 * inactive (`closed_at` `now`; `exclusao_solicitada_em` too when `deletion`, docs/account-deletion.md
 * "Asking") and every session revoked. `updated_at` (the last edit of the emergency data) is left alone.
 */
export async function closeAndRevoke(db: Db, userId: number, now: Date, deletion = false): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ is_active: false, closed_at: now, ...(deletion ? { exclusao_solicitada_em: now } : {}) })
      .where(and(eq(users.id, userId), eq(users.is_active, true)));
    await tx
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
  });
}
