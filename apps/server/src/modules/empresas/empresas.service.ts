import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  COMPANY_MESSAGES,
  CompanyCreateSchema,
  type EmpresaConvite,
  type EmpresaMembro,
  type EmpresaResumo,
  InvitationsCreateSchema,
  type InvitationView,
  invitationUrl,
  issuesToFieldErrors,
  VALIDATION_MESSAGE,
} from '@pulso/domain';
import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, company_invitations, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import { findUsableInvitation, hashToken } from '../auth/index.ts';

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
 * Creates an active company (docs/accounts.md "Corporate accounts"). `cnpj` is
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

/** The company `id` (`{id, nome, cnpj, active}`). Errors: 404 {@link COMPANY_MESSAGES.companyNotFound}. */
export async function findCompany(db: Db, id: number): Promise<Company> {
  const [company] = await db
    .select({ id: companies.id, nome: companies.nome, cnpj: companies.cnpj, active: companies.active })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return company;
}

/**
 * Creates a company (`company: {nome, cnpj?}`) or takes an existing one
 * (`company: {id}`) and issues its invitations, in one transaction: both
 * happen or neither (what `npm run company:create` does). Answers the
 * company, the plain tokens and their expiry. Errors as
 * {@link createCompany}, {@link findCompany} and {@link createInvitations}.
 */
export async function createCompanyWithInvitations(
  db: Db,
  input: {
    company: { nome: string; cnpj?: string | undefined } | { id: number };
    invitations: { count: number; email?: string | undefined; expiresInDays?: number | undefined };
  },
): Promise<{ company: Company; created: boolean; tokens: string[]; expiresAt: Date | null }> {
  return db.transaction(async (tx) => {
    const created = !('id' in input.company);
    const company =
      'id' in input.company
        ? await findCompany(tx, input.company.id)
        : await createCompany(tx, input.company);
    const { tokens, expiresAt } = await createInvitations(tx, company.id, input.invitations);
    return { company, created, tokens, expiresAt };
  });
}

// Written out: in a one-table select Drizzle leaves columns unqualified, which a correlated subquery cannot afford.
const memberCount =
  sql<number>`(select count(*) from "users" "m" where "m"."company_id" = "companies"."id")`.mapWith(Number);

/**
 * Every company, newest first, with how many accounts are linked to it
 * (`membros`) and how many of its invitations can still be used at `now`
 * (`convites_disponiveis`: unused and unexpired). `created_at` ISO 8601.
 */
export async function listCompanies(db: Db, now: Date = new Date()): Promise<EmpresaResumo[]> {
  const available = sql<number>`(select count(*) from "company_invitations" "i"
    where "i"."company_id" = "companies"."id" and "i"."used_at" is null
    and ("i"."expires_at" is null or "i"."expires_at" > ${now.toISOString()}::timestamptz))`.mapWith(Number);
  const rows = await db
    .select({
      id: companies.id,
      nome: companies.nome,
      cnpj: companies.cnpj,
      active: companies.active,
      created_at: companies.created_at,
      membros: memberCount,
      convites_disponiveis: available,
    })
    .from(companies)
    .orderBy(desc(companies.id));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/** One company as {@link listCompanies} shows it. Errors: 404 {@link COMPANY_MESSAGES.companyNotFound}. */
export async function companySummary(db: Db, id: number, now: Date = new Date()): Promise<EmpresaResumo> {
  const [company] = await db
    .select({
      id: companies.id,
      nome: companies.nome,
      cnpj: companies.cnpj,
      active: companies.active,
      created_at: companies.created_at,
      membros: memberCount,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const [available] = await db
    .select({ n: count() })
    .from(company_invitations)
    .where(
      and(
        eq(company_invitations.company_id, id),
        isNull(company_invitations.used_at),
        or(isNull(company_invitations.expires_at), gt(company_invitations.expires_at, now)),
      ),
    );
  return {
    ...company,
    created_at: company.created_at.toISOString(),
    convites_disponiveis: available?.n ?? 0,
  };
}

/**
 * A company's invitations, newest first: whom for, when issued, expiry,
 * when used and by which account (never the token: only its hash exists).
 */
export async function listInvitations(db: Db, companyId: number): Promise<EmpresaConvite[]> {
  const rows = await db
    .select({
      id: company_invitations.id,
      email: company_invitations.email,
      created_at: company_invitations.created_at,
      expires_at: company_invitations.expires_at,
      used_at: company_invitations.used_at,
      used_by_id: users.id,
      used_by_name: users.name,
    })
    .from(company_invitations)
    .leftJoin(users, eq(users.id, company_invitations.used_by))
    .where(eq(company_invitations.company_id, companyId))
    .orderBy(desc(company_invitations.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at?.toISOString() ?? null,
    used_at: r.used_at?.toISOString() ?? null,
    used_by:
      r.used_by_id !== null && r.used_by_name !== null ? { id: r.used_by_id, name: r.used_by_name } : null,
  }));
}

/** The accounts linked to a company, by name: id, name, e-mail, created_at (ISO). No health data. */
export async function listMembers(db: Db, companyId: number): Promise<EmpresaMembro[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, created_at: users.created_at })
    .from(users)
    .where(eq(users.company_id, companyId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/**
 * Ends the link between account `userId` and company `companyId` (issue 9
 * "end a member's link"): the account stops being `empresarial` at once
 * (`company_id` null, `empresarial` false), so the trial lock applies to it
 * as to any account (docs/accounts.md "Trial and locked accounts"). Answers
 * whether the account was a member (`false`: nothing changed).
 */
export async function endMembership(db: Db, companyId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ company_id: null, empresarial: false })
    .where(and(eq(users.id, userId), eq(users.company_id, companyId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Activates or deactivates a company; answers its state before. A
 * deactivated company's invitations stop working and its members stop
 * being `empresarial` (the presenter reads `companies.active`) until it is
 * reactivated. Errors: 404 {@link COMPANY_MESSAGES.companyNotFound}.
 */
export async function setCompanyActive(db: Db, companyId: number, active: boolean): Promise<boolean> {
  const before = await findCompany(db, companyId);
  await db.update(companies).set({ active }).where(eq(companies.id, companyId));
  return before.active;
}
