import { isStaffRole, PASSWORD_MIN_LENGTH, type StaffRole } from '@pulso/domain';
import { createStaffAccount, StaffEmailTaken } from '../modules/admin/staff.service.ts';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { seedReferenceData } from '../seed/seed.ts';
import { CliError, runIfMain, withCliDatabase } from './cli-database.ts';
import { accountOptions, type CliValues, loadCliConfig, parseCliOptions, textOption } from './cli-options.ts';

const USAGE = `Uso:
  npm run admin:create -- --email admin@exemplo.com.br --password "senha-segura" --name "Nome" [--role admin|support]

Cria uma conta da equipe do Pulso, que entra em /admin com o e-mail e a senha informados.

  --name      nome completo (obrigatório)
  --email     e-mail de acesso (obrigatório; não pode ter conta no Pulso)
  --password  senha de acesso (obrigatório): ${PASSWORD_MIN_LENGTH} caracteres ou mais, difícil de
              adivinhar (uma frase de 3 ou 4 palavras serve), sem o nome nem o e-mail
  --role      admin (padrão: tudo) ou support (painel, pedidos, denúncias e consulta de médicos)

Usa o mesmo banco do servidor (DATABASE_URL ou PGlite em DATA_DIR/db). Com o
banco embutido, pare o servidor antes.`;

interface AdminInput {
  name: string;
  email: string;
  password: string;
  role: StaffRole;
}

/** Checks the options; answers the input or the pt-BR reasons it is refused. */
function validate(values: CliValues): AdminInput | string[] {
  const problems: string[] = [];
  const account = accountOptions(values, problems);
  const role = textOption(values, 'role') || 'admin';
  if (!isStaffRole(role)) problems.push(`--role: "${role}" não é um perfil; use admin ou support.`);
  if (problems.length > 0 || !isStaffRole(role)) return problems;
  return { ...account, role };
}

/**
 * `npm run admin:create` (issue 9 "Access"): creates a staff account that
 * signs in at /admin (through `POST /api/login`) with the given e-mail and
 * password, role `admin` unless `--role support`, on the server's own
 * database (`DATABASE_URL`, else PGlite in `DATA_DIR`) after its pending
 * migrations. Answers the exit code: 0 created, 1 refused (an e-mail with an
 * account, the data directory in use), 2 wrong usage or invalid options.
 */
export async function runAdminCreate(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const values = parseCliOptions(
    argv,
    {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
    USAGE,
    out,
    err,
  );
  if (typeof values === 'number') return values;
  const input = validate(values);
  if (Array.isArray(input)) {
    for (const problem of input) err(problem);
    err(`\n${USAGE}`);
    return 2;
  }
  const config = loadCliConfig(env, err);
  if (typeof config === 'number') return config;
  try {
    const passwordHash = await hashPassword(input.password);
    const userId = await withCliDatabase(config, async ({ db }) => {
      await seedReferenceData(db);
      return db.transaction((tx) =>
        createStaffAccount(tx, { ...input, passwordHash }).catch((error: unknown) => {
          if (error instanceof StaffEmailTaken) throw new CliError(`Erro: ${error.message}`);
          throw error;
        }),
      );
    });
    out(`Conta da equipe ${userId} criada: ${input.name} <${input.email}> — ${input.role}`);
    out(`Acesso em ${config.publicOrigin}/admin com o e-mail ${input.email} e a senha informada.`);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

runIfMain(import.meta.filename, runAdminCreate);
