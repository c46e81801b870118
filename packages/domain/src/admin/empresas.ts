import { z } from 'zod';

/**
 * The admin area's companies (issue 9 "Companies": create a company, issue
 * invitation links `/registerCompany/:token`, see its members, end a
 * member's link). Creation and invitations reuse `CompanyCreateSchema` and
 * `InvitationsCreateSchema` (empresas/empresas.ts), the rules the
 * command-line tool `npm run company:create` already follows.
 */

/** pt-BR messages of the companies screens and routes. */
export const EMPRESA_MESSAGES = {
  criada: 'Empresa criada.',
  convitesGerados: 'Convites gerados. Copie os links agora: eles não serão mostrados de novo.',
  membroNaoEncontrado: 'Esta pessoa não está vinculada a esta empresa.',
  vinculoEncerrado: 'Vínculo encerrado. A conta deixou de ser empresarial.',
  desativada: 'Empresa desativada. Os convites deixam de valer e os membros deixam de ter conta empresarial.',
  reativada: 'Empresa reativada.',
} as const;

/** Validity offered by the invitation form, in days (the CLI's default too). */
export const CONVITE_DIAS_PADRAO = 30;

/** Where an invitation stands: `usado` once redeemed, `expirado` after `expires_at`, else `valido`. */
export type ConviteSituacao = 'valido' | 'usado' | 'expirado';

/** pt-BR labels of {@link ConviteSituacao}. */
export const CONVITE_SITUACAO_LABELS: Readonly<Record<ConviteSituacao, string>> = {
  valido: 'Disponível',
  usado: 'Usado',
  expirado: 'Expirado',
};

/**
 * The situation of an invitation at `now` (instants as ISO strings or
 * Dates): used wins over expired; an invitation without `expires_at` never
 * expires; it expires at `expires_at` itself (as `findUsableInvitation`
 * accepts only `expires_at > now`).
 */
export function conviteSituacao(
  convite: { used_at: string | Date | null; expires_at: string | Date | null },
  now: Date = new Date(),
): ConviteSituacao {
  if (convite.used_at !== null) return 'usado';
  if (convite.expires_at !== null && new Date(convite.expires_at).getTime() <= now.getTime())
    return 'expirado';
  return 'valido';
}

/** `PATCH /api/admin/empresas/:id` body: activate or deactivate a company. */
export const EmpresaAtivaSchema = z.object({ active: z.boolean() });

/** A company as `GET /api/admin/empresas` lists it: `membros` linked accounts, `convites_disponiveis` unused and unexpired invitations. */
export const EmpresaResumoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cnpj: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  membros: z.number().int(),
  convites_disponiveis: z.number().int(),
});
export type EmpresaResumo = z.output<typeof EmpresaResumoSchema>;

/** An invitation as listed (never its token: only its hash is stored). Instants ISO 8601. */
export const EmpresaConviteSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  used_at: z.string().nullable(),
  /** The account that redeemed it, while it exists. */
  used_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type EmpresaConvite = z.output<typeof EmpresaConviteSchema>;

/** A linked account: name, e-mail and since when it exists (no health data). */
export const EmpresaMembroSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type EmpresaMembro = z.output<typeof EmpresaMembroSchema>;

/** `GET /api/admin/empresas/:id`: the company, its invitations (newest first) and its members (by name). */
export const EmpresaDetalheSchema = z.object({
  empresa: EmpresaResumoSchema,
  convites: z.array(EmpresaConviteSchema),
  membros: z.array(EmpresaMembroSchema),
});
export type EmpresaDetalhe = z.output<typeof EmpresaDetalheSchema>;

/** `POST /api/admin/empresas/:id/convites` → the links to hand out, shown once, and their expiry (ISO or null). */
export const ConvitesGeradosSchema = z.object({
  message: z.string(),
  links: z.array(z.string()),
  expires_at: z.string().nullable(),
});
export type ConvitesGerados = z.output<typeof ConvitesGeradosSchema>;
