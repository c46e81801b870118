import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../backup/archive.ts';
import { restoreBackup } from '../backup/restore.ts';
import { openStorage } from '../platform/storage-open.ts';
import { type CliCommand, loadCliConfig, runIfMain } from './cli-command.ts';
import { CliError, withCliLock } from './cli-database.ts';

const USAGE = `Uso: npm run restore -- ARQUIVO [--force]

Restaura um backup de npm run backup: confere o SHA-256 de tudo antes de mexer em qualquer coisa,
depois devolve os arquivos (para DATA_DIR/files ou o bucket de S3_URL), os segredos gerados e o
banco (PGlite em DATA_DIR/db, ou PostgreSQL de DATABASE_URL com pg_restore).
Recusa um banco de destino que já tenha contas, a menos que receba --force: no PGlite a pasta antiga
é guardada ao lado (db.replaced-…); no PostgreSQL ela é apagada. Pare o servidor (ou os nós) antes.`;

/**
 * `npm run restore -- FILE [--force]` (backup/restore.ts;
 * docs/operations-and-faults.md "Backups"): exit 0 with what it restored, 1
 * when refused or failed (a corrupt backup, the other engine, a target with
 * accounts without `--force`, the embedded server running), 2 on bad options.
 */
export const runRestore: CliCommand = async (argv, env, out, err) => {
  let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    err(`Opção inválida: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    out(USAGE);
    return 0;
  }
  const [given, ...extra] = parsed.positionals;
  if (!given || extra.length > 0) {
    err(`Informe um arquivo de backup.\n\n${USAGE}`);
    return 2;
  }
  const config = loadCliConfig(env, err);
  if (!config) return 1;
  const file = path.resolve(given);
  try {
    const report = await withCliLock(config, async () =>
      restoreBackup(file, {
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        storage: await openStorage(config),
        force: parsed.values.force === true,
      }),
    );
    if (report.replaced) out(`O banco que havia antes foi guardado em ${report.replaced}.`);
    out(
      `Restaurado o backup de ${report.createdAt}: ${report.accounts} conta(s), ${report.files} arquivo(s), ` +
        `${report.secrets} segredo(s). Inicie o servidor: ele aplica as migrações que faltarem.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof CliError)) throw error;
    err(error.message);
    return 1;
  }
};

runIfMain(import.meta.filename, runRestore);
