import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, generateCode, parseCode, type Register } from '@pulso/domain';
import type { PasswordOwner } from '@pulso/domain/password-strength';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  company_invitations,
  consent_events,
  content_pages,
  replaced_codes,
  sessions,
  users,
  virgin_codes,
} from '../../db/schema/index.ts';
import { fieldError } from '../../errors.ts';

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
 * "Sessions").
 */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ sessionId: number; userId: number } | null> {
  const now = new Date();
  const [row] = await liveSessionQuery(db).execute({
    token_hash: hashToken(token),
    now,
    signed_in_after: new Date(now.getTime() - SESSION_MAX_AGE_MS),
  });
  if (!row) return null;
  if (now.getTime() - row.last_used_at.getTime() > SLIDE_AFTER_MS) {
    const expires = Math.min(now.getTime() + SESSION_TTL_MS, row.created_at.getTime() + SESSION_MAX_AGE_MS);
    await db
      .update(sessions)
      .set({ last_used_at: now, expires_at: new Date(expires) })
      .where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userId: row.user_id };
}

const liveSessionQueries = new WeakMap<Db, ReturnType<typeof prepareLiveSession>>();

/** The live-session lookup of every signed-in request, prepared once per database. */
function liveSessionQuery(db: Db) {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = prepareLiveSession(db);
    liveSessionQueries.set(db, query);
  }
  return query;
}

function prepareLiveSession(db: Db) {
  return db
    .select({
      id: sessions.id,
      user_id: sessions.user_id,
      created_at: sessions.created_at,
      last_used_at: sessions.last_used_at,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder('token_hash')),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql.placeholder('now')),
        gt(sessions.created_at, sql.placeholder('signed_in_after')),
      ),
    )
    .limit(1)
    .prepare('auth_live_session');
}

/** Revokes one session (logout). */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Draws a fresh random code that no user and no sticker holds
 * (docs/codes.md "Personal code"). The unique index on `users.code` settles any
 * race.
 */
export async function drawFreeCode(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = generateCode(randomInt);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.code, code)).limit(1);
    if (user) continue;
    const [sticker] = await db
      .select({ code: virgin_codes.code })
      .from(virgin_codes)
      .where(eq(virgin_codes.code, code))
      .limit(1);
    if (sticker) continue;
    // A replaced code stays its first owner's, answering "Este código foi substituído" (docs/codes.md "A lost sticker").
    const [replaced] = await db
      .select({ code: replaced_codes.code })
      .from(replaced_codes)
      .where(eq(replaced_codes.code, code))
      .limit(1);
    if (!replaced) return code;
  }
  throw new Error('Could not draw a free personal code');
}

/**
 * Creates a patient account (docs/accounts.md "Registration",
 * `POST /register`). With `code`, the unclaimed sticker code is claimed in the
 * same transaction (docs/codes.md "Virgin codes"); without one a fresh random
 * code is drawn. With `invitationToken` (`POST /register/:token`,
 * docs/accounts.md "Corporate accounts") the account is `empresarial`, linked
 * to the inviting company, and the invitation is used up in the same
 * transaction. Errors: 422 `password` when the password breaks the password
 * rule ({@link assertPasswordAllowed}); 422 `email` when the e-mail is taken;
 * 422 `code` when the sticker code is not claimable; 422 `token` when the
 * invitation is unknown, used, expired or its company inactive.
 */
export async function registerPatient(
  db: Db,
  input: Register,
  options: { invitationToken?: string } = {},
): Promise<{ userId: number }> {
  await assertPasswordAllowed(input.password, input);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invitation = options.invitationToken
      ? await findUsableInvitation(tx, options.invitationToken)
      : null;
    if (options.invitationToken && !invitation) throw fieldError('token', AUTH_MESSAGES.invitationInvalid);

    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`)
      .limit(1);
    if (existing) throw fieldError('email', AUTH_MESSAGES.emailTaken);

    const code = input.code ? parseCode(input.code) : await drawFreeCode(tx);
    if (!code) throw fieldError('code', AUTH_MESSAGES.codeUnavailable);
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        code,
        telefone: input.telefone,
        newsletter: input.newsletter ?? false,
        terms_accepted_at: now,
        company_id: invitation?.company_id ?? null,
        empresarial: invitation !== null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) {
      // Another registration took the e-mail or the code between our check and insert.
      throw fieldError(
        input.code ? 'code' : 'email',
        input.code ? AUTH_MESSAGES.codeUnavailable : AUTH_MESSAGES.emailTaken,
      );
    }
    // The consent history starts with the documents accepted, each with its version's date (docs/authorization.md).
    const versions = await tx
      .select({ slug: content_pages.slug, updated_at: content_pages.updated_at })
      .from(content_pages)
      .where(inArray(content_pages.slug, ['termos', 'politica']));
    await tx.insert(consent_events).values(
      (['termos', 'politica'] as const).map((item) => ({
        user_id: user.id,
        item,
        valor: versions.find((v) => v.slug === item)?.updated_at.toISOString() ?? null,
        created_at: now,
      })),
    );
    if (input.code) {
      const claimed = await tx
        .update(virgin_codes)
        .set({ claimed_by: user.id, claimed_at: now })
        .where(and(eq(virgin_codes.code, code), isNull(virgin_codes.claimed_at)))
        .returning({ code: virgin_codes.code });
      if (claimed.length === 0) throw fieldError('code', AUTH_MESSAGES.codeUnavailable);
    }
    if (invitation) {
      const used = await tx
        .update(company_invitations)
        .set({ used_at: now, used_by: user.id })
        .where(and(eq(company_invitations.id, invitation.id), isNull(company_invitations.used_at)))
        .returning({ id: company_invitations.id });
      if (used.length === 0) throw fieldError('token', AUTH_MESSAGES.invitationInvalid);
    }
    return { userId: user.id };
  });
}

/**
 * An invitation that may still be used: unknown, used, expired tokens and
 * inactive companies answer `null`. The token is looked up by its SHA-256 hex.
 */
export async function findUsableInvitation(
  db: Db,
  token: string,
): Promise<{ id: number; company_id: number; company_nome: string } | null> {
  const [row] = await db
    .select({ id: company_invitations.id, company_id: companies.id, company_nome: companies.nome })
    .from(company_invitations)
    .innerJoin(companies, eq(companies.id, company_invitations.company_id))
    .where(
      and(
        eq(company_invitations.token_hash, hashToken(token)),
        isNull(company_invitations.used_at),
        eq(companies.active, true),
        or(isNull(company_invitations.expires_at), gt(company_invitations.expires_at, new Date())),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Checks e-mail and password; answers the user id, or throws 422 under
 * `password`: 'E-mail ou senha incorretos' whether the e-mail or the
 * password is wrong; for a closed account (docs/auth-security.md), with its
 * right password only, that it was closed and where to write (`contato`, an
 * e-mail) — a wrong password tells nothing about whether the account exists.
 */
export async function authenticate(
  db: Db,
  email: string,
  password: string,
  contato: string,
): Promise<number> {
  const [row] = await db
    .select({ id: users.id, password_hash: users.password_hash, is_active: users.is_active })
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
  if (!row.is_active) throw fieldError('password', AUTH_MESSAGES.accountClosed(contato));
  return row.id;
}
