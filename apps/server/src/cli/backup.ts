import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../backup/archive.ts';
import { makeBackup } from '../backup/backup.ts';
import { openDatabase } from '../db/client.ts';
import { openStorage } from '../platform/storage-open.ts';
import { type CliCommand, loadCliConfig, runIfMain } from './cli-command.ts';
import { CliError, withCliLock } from './cli-database.ts';

const USAGE = `Uso: npm run backup -- --out ARQUIVO

Grava em ARQUIVO (que não pode existir) uma cópia de tudo o que o Pulso guarda: o banco (PGlite em
DATA_DIR/db, ou PostgreSQL de DATABASE_URL com pg_dump), os segredos gerados em DATA_DIR e os
arquivos enviados (DATA_DIR/files ou o bucket de S3_URL), cada um com seu SHA-256.
No banco embutido (PGlite) pare o servidor antes; com PostgreSQL os nós seguem atendendo.
Para voltar: npm run restore -- ARQUIVO`;

/** Megabytes, one decimal, pt-BR. */
const megabytes = (bytes: number) =>
  (bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/**
 * `npm run backup -- --out FILE` (backup/backup.ts; docs/operations-and-faults.md
 * "Backups"): exit 0 with what it wrote, 1 when refused or failed (the
 * embedded server running, FILE existing, pg_dump missing), 2 on bad options.
 */
export const runBackup: CliCommand = async (argv, env, out, err) => {
  let values: { out?: string; help?: boolean };
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (error) {
    err(`Opção inválida: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (!values.out) {
    err(`Informe onde gravar o backup: --out ARQUIVO\n\n${USAGE}`);
    return 2;
  }
  const config = loadCliConfig(env, err);
  if (!config) return 1;
  const file = path.resolve(values.out);
  try {
    const report = await withCliLock(config, async () => {
      const pgliteDir = path.join(config.dataDir, 'db');
      if (!config.databaseUrl && !existsSync(pgliteDir)) {
        throw new CliError(`Não há banco em ${pgliteDir} para copiar (DATA_DIR ou DATABASE_URL errado?).`);
      }
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir,
      });
      try {
        const storage = await openStorage(config);
        return await makeBackup(file, {
          database,
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          storage,
        });
      } finally {
        await database.close();
      }
    });
    out(
      `Backup gravado em ${file} (${megabytes(report.bytes)} MB): banco ${report.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ` +
        `${report.files} arquivo(s), ${report.secrets} segredo(s).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof CliError)) throw error;
    err(error.message);
    return 1;
  }
};

runIfMain(import.meta.filename, runBackup);
