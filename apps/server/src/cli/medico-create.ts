import { formatCrm, PASSWORD_MIN_LENGTH } from '@pulso/domain';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { createMedico, type MedicoCreateInput } from '../modules/medicos/medicos-create.service.ts';
import { type MedicoRefusal, MedicoRefused } from '../modules/medicos/medicos-refusal.ts';
import { seedReferenceData } from '../seed/seed.ts';
import { CliProblems, cliCommand, runIfMain } from './cli-command.ts';
import { CliError } from './cli-database.ts';
import { accountOptions, type CliValues, textOption } from './cli-options.ts';

const USAGE = `Uso:
  npm run medico:create -- --name "Nome do Médico" --email medico@exemplo.com.br --password "senha-segura" \\
    --crm 123456/SP [--crm 654321/RJ] [--especialidade "Cardiologia" …] [--cidade 3550308] \\
    [--clinica "Clínica X" …] [--suporte]

Cria uma conta de médico que entra em /medico com o e-mail e a senha informados.

  --name           nome completo (obrigatório)
  --email          e-mail de acesso (obrigatório; não pode ter conta no Pulso)
  --password       senha de acesso (obrigatório): ${PASSWORD_MIN_LENGTH} caracteres ou mais, difícil de
                   adivinhar (uma frase de 3 ou 4 palavras serve), sem o nome nem o e-mail
  --crm            número/UF do CRM, ex. 123456/SP; repita para mais de um (obrigatório, exceto com --suporte)
  --especialidade  especialidade do CFM, ex. "Cardiologia"; repita para mais de uma
  --cidade         código IBGE do município, ex. 3550308 (São Paulo)
  --clinica        nome de uma clínica onde atende, na cidade de --cidade; repita para mais de uma
  --suporte        o médico de suporte (um só; atende pedidos sem plano, crédito ou passe), antes da primeira partida do servidor

Usa o mesmo banco do servidor (DATABASE_URL ou PGlite em DATA_DIR/db). Com o
banco embutido, pare o servidor antes.`;

/** The 27 federative units (CRMs are regional: one council per UF). */
const UFS = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

/** What the tool was asked to create, validated. */
interface MedicoInput {
  name: string;
  email: string;
  password: string;
  crms: { numero: string; uf: string }[];
  especialidades: string[];
  cidadeId: number | null;
  clinicas: string[];
  suporte: boolean;
}

/** Checks the options; answers the input or the pt-BR reasons it is refused. */
function validate(values: CliValues): MedicoInput | CliProblems {
  const problems: string[] = [];
  const one = (name: string) => textOption(values, name);
  const many = (name: string) =>
    Array.isArray(values[name]) ? (values[name] as string[]).map((v) => v.trim()).filter(Boolean) : [];
  const { name, email, password } = accountOptions(values, problems);

  const crms: { numero: string; uf: string }[] = [];
  for (const raw of many('crm')) {
    const match = /^(?:CRM[\s-]*)?(\d{1,10})\s*[/-]\s*([A-Za-z]{2})$/i.exec(raw);
    const uf = match?.[2]?.toUpperCase() ?? '';
    if (!match || !UFS.has(uf)) {
      problems.push(`--crm: "${raw}" não é um CRM válido; use número/UF, ex. 123456/SP.`);
      continue;
    }
    // Leading zeros are not part of the number a council issues.
    const numero = String(Number(match[1]));
    if (!crms.some((c) => c.numero === numero && c.uf === uf)) crms.push({ numero, uf });
  }
  const suporte = values.suporte === true;
  if (crms.length === 0 && many('crm').length === 0 && !suporte) {
    problems.push('--crm: informe ao menos um CRM (número/UF, ex. 123456/SP).');
  }

  const cidade = one('cidade');
  let cidadeId: number | null = null;
  if (cidade) {
    if (/^\d{7}$/.test(cidade)) cidadeId = Number(cidade);
    else problems.push(`--cidade: "${cidade}" não é um código IBGE de município (7 dígitos, ex. 3550308).`);
  }
  const clinicasNames = [...new Set(many('clinica').map((c) => c.replace(/\s+/g, ' ')))];
  for (const clinica of clinicasNames) {
    if (clinica.length > 255) problems.push(`--clinica: o nome deve ter no máximo 255 caracteres.`);
  }
  if (clinicasNames.length > 0 && !cidade) {
    problems.push('--clinica: informe também --cidade, o município das clínicas.');
  }
  if (problems.length > 0) return new CliProblems(problems);
  return {
    name,
    email,
    password,
    crms,
    especialidades: [...new Set(many('especialidade'))],
    cidadeId,
    clinicas: clinicasNames,
    suporte,
  };
}

/** The CLI's wording of a refusal of the shared creation service. */
function cliMessage(refusal: MedicoRefusal): string {
  switch (refusal.kind) {
    case 'email':
      return `Erro: já existe uma conta com o e-mail ${refusal.email}. Use outro e-mail para a conta de médico.`;
    // There is one support pseudo-doctor (docs/telemedicine.md "Doctors"): the team answers through its
    // account.
    case 'suporte':
      return `Erro: o médico de suporte já existe (${refusal.email}). Para atender por ele, defina SUPORTE_EMAIL com o e-mail da equipe, reinicie o servidor e use 'Esqueci minha senha' com esse e-mail.`;
    case 'crm':
      return `Erro: o ${formatCrm(refusal.crm)} já está cadastrado para outro médico.`;
    case 'especialidades':
      return refusal.names
        .map(
          (n) => `Erro: especialidade desconhecida: "${n}" (use um nome da lista do CFM, ex. "Cardiologia").`,
        )
        .join('\n');
    case 'cidade':
      return `Erro: não há município com o código IBGE ${refusal.id}.`;
  }
}

/**
 * `npm run medico:create`: creates a doctor account (issue 6 "Doctors are
 * created by a command-line script for now") that signs in at /medico with
 * the given e-mail and password: a verified `users` row, its `medicos` row
 * (`verified_at` set; status 0 offline, or 2 with `--suporte`), CRMs,
 * specialties (CFM names, accents ignored) and clinics (found or created in
 * `--cidade`), in one transaction, after the pending migrations and the
 * reference data (as the server does at start). Answers the process exit code: 0 created,
 * 1 refused (e-mail with an account, CRM of another doctor, unknown specialty
 * or city, data directory in use), 2 wrong usage or invalid options.
 */
export const runMedicoCreate = cliCommand({
  usage: USAGE,
  options: {
    name: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    crm: { type: 'string', multiple: true },
    especialidade: { type: 'string', multiple: true },
    cidade: { type: 'string' },
    clinica: { type: 'string', multiple: true },
    suporte: { type: 'boolean' },
  },
  validate,
  async work(input, { db }) {
    const passwordHash = await hashPassword(input.password);
    // Cities and specialties, as the server seeds them at start: the tool may run before its first start.
    await seedReferenceData(db);
    return db
      .transaction((tx) =>
        createMedico(
          tx,
          {
            name: input.name,
            email: input.email,
            crms: input.crms as MedicoCreateInput['crms'],
            especialidades: input.especialidades,
            cidade_id: input.cidadeId,
            clinicas: input.clinicas,
            suporte: input.suporte,
          },
          passwordHash,
          // The operator vouches for the registration.
          { verified: true },
        ),
      )
      .catch((error: unknown) => {
        throw error instanceof MedicoRefused ? new CliError(cliMessage(error.refusal)) : error;
      });
  },
  report(created, input, config, out) {
    out(
      `Médico ${created.medicoId} criado: ${input.name} <${input.email}>${input.suporte ? ' — suporte' : ''}`,
    );
    if (input.crms.length > 0) out(`CRM: ${input.crms.map(formatCrm).join(', ')}`);
    if (created.especialidades.length > 0) out(`Especialidades: ${created.especialidades.join(', ')}`);
    if (created.cidade) out(`Cidade: ${created.cidade}`);
    if (input.clinicas.length > 0) out(`Clínicas: ${input.clinicas.join(', ')}`);
    out(`Acesso em ${config.publicOrigin}/medico com o e-mail ${input.email} e a senha informada.`);
  },
});

runIfMain(import.meta.filename, runMedicoCreate);
