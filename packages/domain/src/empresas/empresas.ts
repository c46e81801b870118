import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/schemas.ts';
import { cleanLine } from '../shared/text.ts';

/**
 * Companies and their invitations (docs/accounts.md "Corporate accounts"; issue 3
 * "Corporate invitations"). A company is created with its invitations by the
 * command-line script `npm run company:create` (an admin screen comes later).
 */

/** pt-BR messages of company creation and invitations. */
export const COMPANY_MESSAGES = {
  nome: 'Informe o nome da empresa',
  cnpj: 'Informe um CNPJ válido (14 caracteres, com os dígitos verificadores corretos)',
  count: 'Informe quantos convites criar: de 1 a 1000',
  email: 'Informe um e-mail válido para o convite',
  expiresInDays: 'Informe a validade do convite em dias: de 1 a 3650',
  companyNotFound: 'Empresa não encontrada',
  companyInactive: 'Esta empresa está desativada: não é possível criar convites para ela',
} as const;

/** Most invitations one command creates. */
export const MAX_INVITATIONS_PER_BATCH = 1000;
/** Longest validity of an invitation, in days (ten years). */
export const MAX_INVITATION_DAYS = 3650;

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Strips the mask (`.`, `/`, `-`, spaces) and upper-cases letters: `'11.222.333/0001-81'` → `'11222333000181'`. */
export function normalizeCnpj(input: string): string {
  return input.replace(/[\s./-]/g, '').toUpperCase();
}

function checkDigit(base: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    // Receita Federal's rule for alphanumeric CNPJs (from July 2026): a character's value
    // is its ASCII code minus 48, so the digits keep their value and 'A' is 17.
    sum += (base.charCodeAt(i) - 48) * (weights[i] as number);
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * The canonical CNPJ (14 characters, no mask) when `input` is a valid one,
 * else `null`. Accepts numeric CNPJs and the alphanumeric ones issued from
 * July 2026 (12 letters or digits, then 2 check digits); a CNPJ of one
 * repeated character (`00000000000000`) is refused although its check digits add up.
 */
export function parseCnpj(input: string): string | null {
  const cnpj = normalizeCnpj(input);
  if (!CNPJ_SHAPE.test(cnpj)) return null;
  if (/^(.)\1{13}$/.test(cnpj)) return null;
  const first = checkDigit(cnpj.slice(0, 12), CNPJ_FIRST_WEIGHTS);
  const second = checkDigit(cnpj.slice(0, 12) + String(first), CNPJ_SECOND_WEIGHTS);
  return cnpj.slice(12) === `${first}${second}` ? cnpj : null;
}

/** True when `input` is a valid CNPJ, masked or not. */
export function isValidCnpj(input: string): boolean {
  return parseCnpj(input) !== null;
}

/** Formats a canonical CNPJ for display: `'11222333000181'` → `'11.222.333/0001-81'`. */
export function formatCnpj(cnpj: string): string {
  const c = normalizeCnpj(cnpj);
  if (c.length !== 14) return c;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

/**
 * Shape of an invitation token: 256 random bits in base64url (43 characters).
 * It never looks like a personal code (8 characters), which is how
 * `/register/:code` and `/register/:token` tell one from the other.
 */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * True when the last segment of `/register/…` is meant as an invitation token
 * rather than a sticker code: a long base64url string. A truncated token
 * (copied in part) still counts, so the patient is told the invitation is
 * invalid instead of hearing about a code.
 */
export function looksLikeInvitationToken(segment: string): boolean {
  return segment.length >= 20 && /^[A-Za-z0-9_-]+$/.test(segment);
}

/** The link an invited employee opens: `{origin}/registerCompany/{token}`. */
export function invitationUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/registerCompany/${token}`;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? cleanLine(v).trim() : v);
const blankToUndefined = (v: unknown) => {
  const t = trimmed(v);
  return t === '' || t === null ? undefined : t;
};

/** Input of `createCompany`: `cnpj` (optional) answers in its canonical form. */
export const CompanyCreateSchema = z.object({
  nome: z.preprocess(
    trimmed,
    z
      .string({ error: COMPANY_MESSAGES.nome })
      .min(1, { error: COMPANY_MESSAGES.nome, abort: true })
      .max(255, COMPANY_MESSAGES.nome),
  ),
  cnpj: z.preprocess(
    blankToUndefined,
    z
      .string({ error: COMPANY_MESSAGES.cnpj })
      .transform((v, ctx) => {
        const cnpj = parseCnpj(v);
        if (cnpj === null) {
          ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.cnpj });
          return z.NEVER;
        }
        return cnpj;
      })
      .optional(),
  ),
});
export type CompanyCreate = z.output<typeof CompanyCreateSchema>;

/** Input of `createInvitations`: how many, for whom (optional) and for how long (optional, in days). */
export const InvitationsCreateSchema = z.object({
  count: z
    .number({ error: COMPANY_MESSAGES.count })
    .int(COMPANY_MESSAGES.count)
    .min(1, COMPANY_MESSAGES.count)
    .max(MAX_INVITATIONS_PER_BATCH, COMPANY_MESSAGES.count),
  email: z.preprocess((v) => {
    const t = blankToUndefined(v);
    return typeof t === 'string' ? t.toLowerCase() : t;
  }, z
    .string({ error: COMPANY_MESSAGES.email })
    .max(255, COMPANY_MESSAGES.email)
    .regex(EMAIL_PATTERN, COMPANY_MESSAGES.email)
    .optional()),
  expiresInDays: z
    .number({ error: COMPANY_MESSAGES.expiresInDays })
    .int(COMPANY_MESSAGES.expiresInDays)
    .min(1, COMPANY_MESSAGES.expiresInDays)
    .max(MAX_INVITATION_DAYS, COMPANY_MESSAGES.expiresInDays)
    .optional(),
});
export type InvitationsCreate = z.output<typeof InvitationsCreateSchema>;

/**
 * `GET /api/register/invitation/:token` → 200: the only thing a usable
 * invitation reveals is the inviting company's name.
 */
export const InvitationViewSchema = z.object({
  invitation: z.object({ company: z.object({ nome: z.string() }) }),
});
export type InvitationView = z.output<typeof InvitationViewSchema>;
