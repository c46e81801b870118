import { COMPANY_MESSAGES, formatCnpj, formatInstantBR } from '@pulso/domain';
import { HttpError } from '../errors.ts';
import { createCompanyWithInvitations, invitationLinks } from '../modules/empresas/empresas.service.ts';
import { CliProblems, cliCommand, runIfMain } from './cli-command.ts';
import { CliError } from './cli-database.ts';
import type { CliValues } from './cli-options.ts';

const USAGE = `Uso:
  npm run company:create -- --nome "Empresa X" [--cnpj 11222333000181] [--convites 5] [--email rh@empresa.com.br] [--dias 30]
  npm run company:create -- --empresa <id> [--convites 5] [--email …] [--dias 30]

Cria uma empresa (ou usa a empresa --empresa já criada) e os seus convites, e
imprime o id da empresa e um link de convite por linha. Quem se cadastra por
um link tem conta empresarial, vinculada à empresa.

  --nome      nome da empresa (obrigatório para criar uma empresa)
  --cnpj      CNPJ, com ou sem máscara (opcional; os dígitos verificadores são conferidos)
  --empresa   id de uma empresa já criada, para emitir mais convites
  --convites  quantos convites criar, de 1 a 1000 (padrão: 1)
  --email     e-mail de quem vai receber os convites (opcional, só para registro)
  --dias      validade dos convites em dias, de 1 a 3650 (padrão: 30)

Usa o mesmo banco do servidor (DATABASE_URL ou PGlite em DATA_DIR/db) e a
origem PUBLIC_ORIGIN nos links. Com o banco embutido, pare o servidor antes.`;

const DEFAULT_DAYS = 30;

/** Integer option, or `NaN` when present but not a whole number (the domain schema names the field). */
function integerOption(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}

/** What the tool was asked to do, validated: a company to create (`companyId` null) or to use, and its invitations. */
interface CompanyInput {
  nome: string;
  cnpj: string | undefined;
  companyId: number | null;
  invitations: { count: number; email: string | undefined; expiresInDays: number };
}

/** Checks the options; answers the input or the pt-BR reason it is refused. */
function validate(values: CliValues): CompanyInput | CliProblems {
  const option = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const existingId = option('empresa');
  if ((option('nome') === undefined) === (existingId === undefined)) {
    return new CliProblems([
      'Informe --nome para criar uma empresa, ou --empresa <id> para usar uma já criada.',
    ]);
  }
  if (existingId !== undefined && option('cnpj') !== undefined) {
    return new CliProblems(['--cnpj só vale ao criar uma empresa (com --nome).'], false);
  }
  const companyId = existingId === undefined ? null : integerOption(existingId, Number.NaN);
  if (companyId !== null && !(companyId > 0)) {
    return new CliProblems(['--empresa deve ser o id (número) de uma empresa.'], false);
  }
  return {
    nome: option('nome') ?? '',
    cnpj: option('cnpj'),
    companyId,
    invitations: {
      count: integerOption(option('convites'), 1),
      email: option('email'),
      expiresInDays: integerOption(option('dias'), DEFAULT_DAYS),
    },
  };
}

/** The CLI's wording of a refusal of the shared service: an unknown `--empresa`, or the invalid fields. */
function cliError(error: unknown, companyId: number | null): unknown {
  if (!(error instanceof HttpError)) return error;
  if (error.statusCode === 404 && companyId !== null) {
    return new CliError(`${COMPANY_MESSAGES.companyNotFound}: id ${companyId}.`);
  }
  const messages = error.errors ? Object.values(error.errors).flat() : [error.message];
  return new CliError(messages.map((message) => `Erro: ${message}`).join('\n'));
}

/**
 * `npm run company:create`: creates a company and its invitations in one
 * transaction (`createCompanyWithInvitations`, the service the admin area uses too) and prints the company and one invitation link per line
 * (docs/accounts.md "Corporate accounts"). Answers the process exit code: 0 done,
 * 1 refused (invalid data, data directory in use), 2 wrong usage.
 */
export const runCompanyCreate = cliCommand({
  usage: USAGE,
  options: {
    nome: { type: 'string' },
    cnpj: { type: 'string' },
    empresa: { type: 'string' },
    convites: { type: 'string' },
    email: { type: 'string' },
    dias: { type: 'string' },
  },
  validate,
  work: ({ nome, cnpj, companyId, invitations }, { db }) =>
    createCompanyWithInvitations(db, {
      company: companyId === null ? { nome, cnpj } : { id: companyId },
      invitations,
    }).catch((error: unknown) => {
      throw cliError(error, companyId);
    }),
  report({ company, tokens, expiresAt }, { companyId }, config, out, err) {
    out(
      `Empresa ${company.id}: ${company.nome}${company.cnpj ? ` (CNPJ ${formatCnpj(company.cnpj)})` : ''}` +
        `${companyId === null ? ' — criada' : ''}`,
    );
    out(
      `${tokens.length} ${tokens.length === 1 ? 'convite válido' : 'convites válidos'} até ` +
        `${expiresAt ? formatInstantBR(expiresAt) : '—'}, um por pessoa:`,
    );
    for (const link of invitationLinks(config.publicOrigin, tokens)) out(link);
    if (config.publicOrigin === `http://localhost:${config.port}`) {
      err(`Aviso: PUBLIC_ORIGIN não está definido; os links apontam para ${config.publicOrigin}.`);
    }
  },
});

runIfMain(import.meta.filename, runCompanyCreate);
