import {
  type ConvitesGerados,
  EMPRESA_MESSAGES,
  type EmpresaDetalhe,
  type EmpresaResumo,
} from '@pulso/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import {
  companySummary,
  createCompany,
  createInvitations,
  endMembership,
  invitationLinks,
  listInvitations,
  listMembers,
  setCompanyActive,
} from './empresas.service.ts';

/**
 * The admin area's company actions (issue 9 "Companies"), over the same
 * service as `npm run company:create` (modules/empresas). Every change runs in one
 * transaction with its audit row (entidade 'empresa').
 */

/** A company with its invitations and members. Errors: 404 'Empresa não encontrada'. */
export async function companyDetail(db: Db, id: number, now: Date = new Date()): Promise<EmpresaDetalhe> {
  const empresa = await companySummary(db, id, now);
  const [convites, membros] = await Promise.all([listInvitations(db, id), listMembers(db, id)]);
  return { empresa, convites, membros };
}

/**
 * Creates a company (`nome`, optional `cnpj` checked with its check digits)
 * and audits `empresa.criar`. Errors: 422 `nome` / `cnpj`.
 */
export async function adminCreateCompany(
  db: Db,
  actor: AuditActor,
  input: { nome: string; cnpj?: string | undefined },
): Promise<EmpresaResumo> {
  const company = await db.transaction(async (tx) => {
    const created = await createCompany(tx, input);
    await audit(tx, actor, {
      acao: 'empresa.criar',
      entidade: 'empresa',
      entidade_id: created.id,
      depois: { nome: created.nome, cnpj: created.cnpj },
    });
    return created;
  });
  return companySummary(db, company.id);
}

/**
 * Issues `count` invitations of company `id`, valid `expiresInDays` days
 * (none: never expire), optionally recording whom for; audits
 * `empresa.convidar`. Answers the links `{publicOrigin}/registerCompany/{token}`,
 * shown once: only the tokens' hashes are stored. Errors: 404; 422
 * `count` / `email` / `expiresInDays` / `company` (deactivated).
 */
export async function adminIssueInvitations(
  db: Db,
  actor: AuditActor,
  publicOrigin: string,
  id: number,
  input: { count: number; email?: string | undefined; expiresInDays?: number | undefined },
): Promise<ConvitesGerados> {
  return db.transaction(async (tx) => {
    const { tokens, expiresAt } = await createInvitations(tx, id, input);
    await audit(tx, actor, {
      acao: 'empresa.convidar',
      entidade: 'empresa',
      entidade_id: id,
      depois: {
        convites: tokens.length,
        email: input.email ?? null,
        expires_at: expiresAt?.toISOString() ?? null,
      },
    });
    return {
      message: EMPRESA_MESSAGES.convitesGerados,
      links: invitationLinks(publicOrigin, tokens),
      expires_at: expiresAt?.toISOString() ?? null,
    };
  });
}

/**
 * Ends account `userId`'s link to company `id`: the account stops being
 * `empresarial` and the trial lock applies to it as to any account;
 * audits `empresa.encerrar_vinculo`. Errors: 404 'Empresa não encontrada',
 * 404 {@link EMPRESA_MESSAGES.membroNaoEncontrado}.
 */
export async function adminEndMembership(
  db: Db,
  actor: AuditActor,
  id: number,
  userId: number,
): Promise<void> {
  await companySummary(db, id);
  await db.transaction(async (tx) => {
    if (!(await endMembership(tx, id, userId))) throw notFound(EMPRESA_MESSAGES.membroNaoEncontrado);
    await audit(tx, actor, {
      acao: 'empresa.encerrar_vinculo',
      entidade: 'empresa',
      entidade_id: id,
      antes: { membro_id: userId, company_id: id },
      depois: { membro_id: userId, company_id: null },
    });
  });
}

/**
 * Deactivates (or reactivates) company `id`; audits `empresa.desativar` /
 * `empresa.reativar` when the state changes. Errors: 404.
 */
export async function adminSetCompanyActive(
  db: Db,
  actor: AuditActor,
  id: number,
  active: boolean,
): Promise<EmpresaResumo> {
  await db.transaction(async (tx) => {
    const before = await setCompanyActive(tx, id, active);
    if (before === active) return;
    await audit(tx, actor, {
      acao: active ? 'empresa.reativar' : 'empresa.desativar',
      entidade: 'empresa',
      entidade_id: id,
      antes: { active: before },
      depois: { active },
    });
  });
  return companySummary(db, id);
}
