import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  COMPANY_MESSAGES,
  CompanyCreateSchema,
  InvitationsCreateSchema,
  type InvitationView,
  invitationUrl,
  issuesToFieldErrors,
  VALIDATION_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, company_invitations } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import { findUsableInvitation, hashToken } from '../auth/auth.service.ts';

const DAY_MS = 24 * 3600 * 1000;

function parseOr422<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = issuesToFieldErrors(result.error.issues);
  throw new HttpError(422, Object.values(errors)[0]?.[0] ?? VALIDATION_MESSAGE, errors);
}

/** A company as created: `cnpj` unmasked, or `null`. */
export interface Company {
  id: number;
  nome: string;
  cnpj: string | null;
  active: boolean;
}

/**
 * Creates an active company (RULINGS.md "Corporate accounts"). `cnpj` is
 * optional; when given it must be a valid CNPJ (check digits included) and is
 * stored unmasked. Errors: 422 `nome` / `cnpj` with {@link COMPANY_MESSAGES}.
 */
export async function createCompany(
  db: Db,
  input: { nome: string; cnpj?: string | undefined },
): Promise<Company> {
  const data = parseOr422(CompanyCreateSchema, input);
  const [company] = await db
    .insert(companies)
    .values({ nome: data.nome, cnpj: data.cnpj ?? null })
    .returning({ id: companies.id, nome: companies.nome, cnpj: companies.cnpj, active: companies.active });
  if (!company) throw new Error('Company insert returned no row');
  return company;
}

/**
 * Issues `count` invitations of an active company and answers their plain
 * tokens (256 random bits, base64url), in creation order, with their expiry. Only the SHA-256 of
 * each token is stored: the tokens exist nowhere else once this returns.
 * `email` records whom the invitations were sent to; `expiresInDays` sets
 * their validity (none: they never expire). Errors: 422 `count` / `email` /
 * `expiresInDays`; 404 {@link COMPANY_MESSAGES.companyNotFound}; 422 `company`
 * {@link COMPANY_MESSAGES.companyInactive} for a deactivated company.
 */
export async function createInvitations(
  db: Db,
  companyId: number,
  input: { count: number; email?: string | undefined; expiresInDays?: number | undefined },
  now: Date = new Date(),
): Promise<{ tokens: string[]; expiresAt: Date | null }> {
  const data = parseOr422(InvitationsCreateSchema, input);
  const [company] = await db
    .select({ active: companies.active })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  if (!company.active) {
    throw new HttpError(422, COMPANY_MESSAGES.companyInactive, {
      company: [COMPANY_MESSAGES.companyInactive],
    });
  }
  const expiresAt = data.expiresInDays ? new Date(now.getTime() + data.expiresInDays * DAY_MS) : null;
  const tokens = Array.from({ length: data.count }, () => randomBytes(32).toString('base64url'));
  await db.insert(company_invitations).values(
    tokens.map((token) => ({
      company_id: companyId,
      token_hash: hashToken(token),
      email: data.email ?? null,
      created_at: now,
      expires_at: expiresAt,
    })),
  );
  return { tokens, expiresAt };
}

/** The links to hand out for `tokens`: `{publicOrigin}/registerCompany/{token}`. */
export function invitationLinks(publicOrigin: string, tokens: readonly string[]): string[] {
  return tokens.map((token) => invitationUrl(publicOrigin, token));
}

/**
 * What the registration page may know of an invitation before the account
 * exists: the company's name, nothing else. Errors: 404
 * {@link AUTH_MESSAGES.invitationInvalid}, the same for an unknown, used or
 * expired token and for a deactivated company.
 */
export async function describeInvitation(db: Db, token: string): Promise<InvitationView> {
  const invitation = await findUsableInvitation(db, token);
  if (!invitation) throw notFound(AUTH_MESSAGES.invitationInvalid);
  return { invitation: { company: { nome: invitation.company_nome } } };
}
