import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, deletionGraceStart } from '@pulso/domain';
import type { PasswordOwner } from '@pulso/domain/password-strength';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { fieldError } from '../../errors.ts';
import { batched } from '../../platform/batch.ts';

/** How long a token lives without use; each use (at most hourly) extends it (docs/auth-security.md "Sessions"). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** How long a token lives at most, used or not, from the sign-in that issued it. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 3600 * 1000;
const SLIDE_AFTER_MS = 3600 * 1000;

/** SHA-256 hex of a bearer token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Argon2id with the library's defaults (19 MiB, t=2: OWASP's minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Enforces the password rule (`passwordProblem` of `@pulso/domain/password-strength`;
 * docs/auth-security.md "Password rule") on a password about to be set for
 * `owner`. Rejects with 422 on `field` and the rule's pt-BR message. Every
 * route and tool that sets a password calls it; sign-in never does, so
 * existing passwords keep working. The estimator and its dictionaries (about
 * 40 MB once loaded) are loaded on the first call, not at start
 * (docs/performance.md "The embedded database's memory").
 */
export async function assertPasswordAllowed(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Promise<void> {
  const { passwordProblem } = await import('@pulso/domain/password-strength');
  const problem = passwordProblem(password, owner);
  if (problem) throw fieldError(field, problem);
}

// Verified against when the e-mail is unknown, so that the answer takes as long.
const DUMMY_HASH = hash('pulso-timing-equaliser');

/** Issues a 256-bit random token for `userId` and stores its hash. */
export async function issueSession(db: Db, userId: number, userAgent: string | undefined): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    user_agent: userAgent?.slice(0, 255) ?? null,
    // `created_at` is the sign-in: the absolute lifetime counts from it.
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/**
 * The live session behind a token (HTTP `Authorization: Bearer` and the
 * Socket.IO handshake alike), or `null` when it is unknown, revoked, unused
 * for {@link SESSION_TTL_MS} or older than {@link SESSION_MAX_AGE_MS} since
 * sign-in. A use at least an hour after the previous one slides the expiry
 * to 30 days ahead, never past sign-in + 90 days (docs/auth-security.md
 * "Sessions"). Lookups made at about the same time share one statement
 * (docs/performance.md "Batched session lookups").
 */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ sessionId: number; userId: number } | null> {
  const row = await liveSessionLookup(db)(hashToken(token));
  if (!row) return null;
  const now = new Date();
  if (now.getTime() - row.last_used_at.getTime() > SLIDE_AFTER_MS) {
    const expires = Math.min(now.getTime() + SESSION_TTL_MS, row.created_at.getTime() + SESSION_MAX_AGE_MS);
    await db
      .update(sessions)
      .set({ last_used_at: now, expires_at: new Date(expires) })
      .where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userId: row.user_id };
}

type LiveSession = { id: number; user_id: number; created_at: Date; last_used_at: Date };

/**
 * The live-session lookup of every signed-in request, per database: the
 * token hashes of the requests of one turn of the event loop leave together
 * in one prepared statement (`platform/batch.ts`, as the scans do), each
 * answered its own row. Live means not revoked, not expired and signed in
 * less than {@link SESSION_MAX_AGE_MS} ago, all as of the statement's send.
 */
const liveSessionLookup = perDatabase((db: Db): ((tokenHash: string) => Promise<LiveSession | null>) => {
  const query = prepareLiveSessions(db);
  return batched(
    async (tokenHashes: string[]) => {
      const now = new Date();
      const rows = await query.execute({
        token_hashes: JSON.stringify(tokenHashes),
        now,
        signed_in_after: new Date(now.getTime() - SESSION_MAX_AGE_MS),
      });
      const byHash = new Map(rows.map(({ token_hash, ...row }) => [token_hash, row]));
      return tokenHashes.map((tokenHash) => byHash.get(tokenHash) ?? null);
    },
    { maxBatch: 32, maxInFlight: 2 },
  );
});

function prepareLiveSessions(db: Db) {
  return db
    .select({
      token_hash: sessions.token_hash,
      id: sessions.id,
      user_id: sessions.user_id,
      created_at: sessions.created_at,
      last_used_at: sessions.last_used_at,
    })
    .from(sessions)
    .where(
      and(
        sql`${sessions.token_hash} in (select json_array_elements_text(${sql.placeholder('token_hashes')}::json))`,
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql.placeholder('now')),
        gt(sessions.created_at, sql.placeholder('signed_in_after')),
      ),
    )
    .prepare('auth_live_sessions');
}

/** Revokes one session (logout). */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Checks e-mail and password; answers the user id and whether this sign-in cancelled a pending deletion, or
 * throws 422 under `password`: 'E-mail ou senha incorretos' whether the e-mail or the password is wrong; for a
 * closed account (docs/auth-security.md), with its right password only, that it was closed and where to write
 * (`contato`, an e-mail) — a wrong password tells nothing about whether the account exists. An account whose
 * deletion was asked less than 7 days ago is reopened instead: the deletion is cancelled
 * (docs/account-deletion.md "Grace"); past the 7 days it answers as closed until the erasure job runs.
 */
export async function authenticate(
  db: Db,
  email: string,
  password: string,
  contato: string,
): Promise<{ userId: number; deletionCancelled: boolean }> {
  const [row] = await db
    .select({
      id: users.id,
      password_hash: users.password_hash,
      is_active: users.is_active,
      exclusao: users.exclusao_solicitada_em,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!row) {
    await verify(await DUMMY_HASH, password);
    throw fieldError('password', AUTH_MESSAGES.invalidCredentials);
  }
  if (!(await verify(row.password_hash, password))) {
    throw fieldError('password', AUTH_MESSAGES.invalidCredentials);
  }
  if (row.is_active) return { userId: row.id, deletionCancelled: false };
  if (row.exclusao && (await cancelDeletion(db, row.id))) return { userId: row.id, deletionCancelled: true };
  throw fieldError('password', AUTH_MESSAGES.accountClosed(contato));
}

/**
 * Reopens an account whose deletion is pending and still inside its grace (docs/account-deletion.md "Grace"):
 * answers false when the grace is over or the erasure job took the account first (its transaction locks the
 * row and checks the same condition, so exactly one of the two wins).
 */
async function cancelDeletion(db: Db, userId: number): Promise<boolean> {
  const graceStart = deletionGraceStart(new Date());
  const reopened = await db
    .update(users)
    .set({ is_active: true, closed_at: null, exclusao_solicitada_em: null })
    .where(and(eq(users.id, userId), gt(users.exclusao_solicitada_em, graceStart)))
    .returning({ id: users.id });
  return reopened.length > 0;
}
