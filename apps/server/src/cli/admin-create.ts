import { isStaffRole, PASSWORD_MIN_LENGTH, type StaffRole } from '@pulso/domain';
import { createStaffAccount, StaffEmailTaken } from '../modules/admin/staff.service.ts';
import { hashPassword } from '../modules/auth/auth.service.ts';
import { seedReferenceData } from '../seed/seed.ts';
import { CliProblems, cliCommand, runIfMain } from './cli-command.ts';
import { CliError } from './cli-database.ts';
import { accountOptions, type CliValues, textOption } from './cli-options.ts';

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
function validate(values: CliValues): AdminInput | CliProblems {
  const problems: string[] = [];
  const account = accountOptions(values, problems);
  const role = textOption(values, 'role') || 'admin';
  if (!isStaffRole(role)) problems.push(`--role: "${role}" não é um perfil; use admin ou support.`);
  if (problems.length > 0 || !isStaffRole(role)) return new CliProblems(problems);
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
export const runAdminCreate = cliCommand({
  usage: USAGE,
  options: {
    name: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
  },
  validate,
  async work(input, { db }) {
    const passwordHash = await hashPassword(input.password);
    await seedReferenceData(db);
    return db.transaction((tx) =>
      createStaffAccount(tx, { ...input, passwordHash }).catch((error: unknown) => {
        if (error instanceof StaffEmailTaken) throw new CliError(`Erro: ${error.message}`);
        throw error;
      }),
    );
  },
  report(userId, input, config, out) {
    out(`Conta da equipe ${userId} criada: ${input.name} <${input.email}> — ${input.role}`);
    out(`Acesso em ${config.publicOrigin}/admin com o e-mail ${input.email} e a senha informada.`);
  },
});

runIfMain(import.meta.filename, runAdminCreate);
