import { parseArgs } from 'node:util';
import { AUTH_MESSAGES, EMAIL_PATTERN, formatCrm, PASSWORD_MIN_LENGTH } from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  cidades,
  clinicas,
  especialidades,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  users,
} from '../db/schema/index.ts';
import { searchKey, seedReferenceData } from '../db/seed/seed.ts';
import { drawFreeCode, hashPassword } from '../modules/auth/auth.service.ts';
import { CliError, runIfMain, withCliDatabase } from './cli-database.ts';

const USAGE = `Uso:
  npm run medico:create -- --name "Nome do Médico" --email medico@exemplo.com.br --password "senha-segura" \\
    --crm 123456/SP [--crm 654321/RJ] [--especialidade "Cardiologia" …] [--cidade 3550308] \\
    [--clinica "Clínica X" …] [--suporte]

Cria uma conta de médico que entra em /medico com o e-mail e a senha informados.

  --name           nome completo (obrigatório)
  --email          e-mail de acesso (obrigatório; não pode ter conta no Pulso)
  --password       senha de acesso, com no mínimo ${PASSWORD_MIN_LENGTH} caracteres (obrigatório)
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
function validate(values: Record<string, string | string[] | boolean | undefined>): MedicoInput | string[] {
  const problems: string[] = [];
  const one = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
  const many = (name: string) =>
    Array.isArray(values[name]) ? (values[name] as string[]).map((v) => v.trim()).filter(Boolean) : [];

  const name = one('name').replace(/\s+/g, ' ');
  if (!name || name.length > 255) problems.push(`--name: ${AUTH_MESSAGES.name}.`);
  const email = one('email').toLowerCase();
  if (!email) problems.push('--email: informe o e-mail de acesso.');
  else if (!EMAIL_PATTERN.test(email) || email.length > 255)
    problems.push(`--email: ${AUTH_MESSAGES.emailInvalid}.`);
  const password = typeof values.password === 'string' ? values.password : '';
  if (!password) problems.push('--password: informe a senha de acesso.');
  else if (password.length < PASSWORD_MIN_LENGTH)
    problems.push(`--password: ${AUTH_MESSAGES.passwordShort}.`);
  else if (password.length > 1024) problems.push('--password: a senha deve ter no máximo 1024 caracteres.');

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
  if (problems.length > 0) return problems;
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

/** The specialties by name, accents and case ignored; unknown names refuse the whole run. */
async function specialtyIds(db: Db, names: string[]): Promise<{ id: number; nome: string }[]> {
  if (names.length === 0) return [];
  const all = await db.select({ id: especialidades.id, nome: especialidades.nome }).from(especialidades);
  const byKey = new Map(all.map((e) => [searchKey(e.nome), e]));
  const found: { id: number; nome: string }[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const hit = byKey.get(searchKey(name));
    if (hit) {
      if (!found.includes(hit)) found.push(hit);
    } else unknown.push(name);
  }
  if (unknown.length > 0) {
    throw new CliError(
      unknown
        .map(
          (n) => `Erro: especialidade desconhecida: "${n}" (use um nome da lista do CFM, ex. "Cardiologia").`,
        )
        .join('\n'),
    );
  }
  return found;
}

/** The created doctor, for the summary. */
interface Created {
  userId: number;
  medicoId: number;
  especialidades: string[];
  cidade: string | null;
}

/**
 * Creates the account, the doctor profile, its CRMs, specialties and clinics
 * in one transaction (`tx`). Refuses an e-mail that has an account and a CRM
 * that is someone's, also when another run takes them meanwhile (the unique
 * indexes decide).
 */
async function createMedico(tx: Db, input: MedicoInput, passwordHash: string): Promise<Created> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  if (taken) throw emailTaken(input.email);
  if (input.suporte) {
    const [support] = await tx
      .select({ email: users.email })
      .from(medicos)
      .innerJoin(users, eq(users.id, medicos.user_id))
      .where(eq(medicos.suporte, true))
      .limit(1);
    if (support) throw supportExists(support.email);
  }
  for (const crm of input.crms) {
    const [other] = await tx
      .select({ id: medico_crms.id })
      .from(medico_crms)
      .where(and(eq(medico_crms.numero, crm.numero), eq(medico_crms.uf, crm.uf)))
      .limit(1);
    if (other) throw crmTaken(crm);
  }
  let cidade: string | null = null;
  if (input.cidadeId !== null) {
    const [row] = await tx
      .select({ nome: cidades.nome, uf: cidades.uf })
      .from(cidades)
      .where(eq(cidades.id, input.cidadeId))
      .limit(1);
    if (!row) throw new CliError(`Erro: não há município com o código IBGE ${input.cidadeId}.`);
    cidade = `${row.nome} - ${row.uf}`;
  }
  const specialties = await specialtyIds(tx, input.especialidades);

  const now = new Date();
  const [user] = await tx
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      code: await drawFreeCode(tx),
      // The operator vouches for the address and the registration.
      email_verified_at: now,
      terms_accepted_at: now,
      cidade_id: input.cidadeId,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw emailTaken(input.email);
  const [medico] = await tx
    .insert(medicos)
    .values({
      user_id: user.id,
      busca: searchKey(input.name),
      // The support pseudo-doctor answers at any time; a doctor turns itself on in /medico.
      status: input.suporte ? 2 : 0,
      suporte: input.suporte,
      cidade_id: input.cidadeId,
      verified_at: now,
    })
    .returning({ id: medicos.id });
  if (!medico) throw new Error('doctor profile not created');
  for (const crm of input.crms) {
    const [row] = await tx
      .insert(medico_crms)
      .values({ medico_id: medico.id, ...crm })
      .onConflictDoNothing()
      .returning({ id: medico_crms.id });
    if (!row) throw crmTaken(crm);
  }
  if (specialties.length > 0) {
    await tx
      .insert(medico_especialidades)
      .values(specialties.map((s) => ({ medico_id: medico.id, especialidade_id: s.id })));
  }
  for (const nome of input.clinicas) {
    const busca = searchKey(nome);
    await tx.insert(clinicas).values({ nome, busca, cidade_id: input.cidadeId }).onConflictDoNothing();
    const [clinica] = await tx
      .select({ id: clinicas.id })
      .from(clinicas)
      .where(
        and(
          eq(clinicas.busca, busca),
          input.cidadeId === null
            ? sql`${clinicas.cidade_id} is null`
            : eq(clinicas.cidade_id, input.cidadeId),
        ),
      )
      .limit(1);
    if (!clinica) throw new Error(`clinic ${nome} not found after insert`);
    await tx
      .insert(medico_clinicas)
      .values({ medico_id: medico.id, clinica_id: clinica.id })
      .onConflictDoNothing();
  }
  return { userId: user.id, medicoId: medico.id, especialidades: specialties.map((s) => s.nome), cidade };
}

const emailTaken = (email: string) =>
  new CliError(`Erro: já existe uma conta com o e-mail ${email}. Use outro e-mail para a conta de médico.`);
// There is one support pseudo-doctor (spec 1 §3): the team answers through its account.
const supportExists = (email: string) =>
  new CliError(
    `Erro: o médico de suporte já existe (${email}). Para atender por ele, defina SUPORTE_EMAIL com o e-mail da equipe, reinicie o servidor e use 'Esqueci minha senha' com esse e-mail.`,
  );
const crmTaken = (crm: { numero: string; uf: string }) =>
  new CliError(`Erro: o ${formatCrm(crm)} já está cadastrado para outro médico.`);

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
export async function runMedicoCreate(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        crm: { type: 'string', multiple: true },
        especialidade: { type: 'string', multiple: true },
        cidade: { type: 'string' },
        clinica: { type: 'string', multiple: true },
        suporte: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    err(`Opção inválida: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  const input = validate(values);
  if (Array.isArray(input)) {
    for (const problem of input) err(problem);
    err(`\n${USAGE}`);
    return 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  }

  try {
    const passwordHash = await hashPassword(input.password);
    const created = await withCliDatabase(config, async ({ db }) => {
      // Cities and specialties, as the server seeds them at start: the tool may run before its first start.
      await seedReferenceData(db);
      return db.transaction((tx) => createMedico(tx as unknown as Db, input, passwordHash));
    });
    out(
      `Médico ${created.medicoId} criado: ${input.name} <${input.email}>${input.suporte ? ' — suporte' : ''}`,
    );
    if (input.crms.length > 0) out(`CRM: ${input.crms.map(formatCrm).join(', ')}`);
    if (created.especialidades.length > 0) out(`Especialidades: ${created.especialidades.join(', ')}`);
    if (created.cidade) out(`Cidade: ${created.cidade}`);
    if (input.clinicas.length > 0) out(`Clínicas: ${input.clinicas.join(', ')}`);
    out(`Acesso em ${config.publicOrigin}/medico com o e-mail ${input.email} e a senha informada.`);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

runIfMain(import.meta.filename, runMedicoCreate);
