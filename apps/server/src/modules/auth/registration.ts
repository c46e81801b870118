import { randomInt } from 'node:crypto';
import { AUTH_MESSAGES, generateCode, parseCode, type Register } from '@pulso/domain';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { takenCodes } from '../../db/codes.ts';
import {
  companies,
  company_invitations,
  consent_events,
  content_pages,
  users,
  virgin_codes,
} from '../../db/schema/index.ts';
import { fieldError } from '../../errors.ts';
import { assertPasswordAllowed, hashPassword, hashToken } from './auth.service.ts';

// Registration (docs/accounts.md "Registration", "Corporate accounts"): the personal code drawn, the account,
// its first consents, the sticker code claimed and the invitation used, in one transaction.

/**
 * Draws a fresh random code that no account, sticker or replaced code holds
 * (docs/codes.md "Personal code"; `takenCodes`). The unique index on
 * `users.code` settles any race. `draw` makes one candidate (a test steers it).
 */
export async function drawFreeCode(db: Db, draw = () => generateCode(randomInt)): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = draw();
    if (!(await takenCodes(db, [code])).has(code)) return code;
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
