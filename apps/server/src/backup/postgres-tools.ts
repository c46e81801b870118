import { spawn } from 'node:child_process';
import { BackupError } from './archive.ts';

/**
 * The connection of `databaseUrl` for PostgreSQL's own tools: the URL
 * without its password, which goes in `PGPASSWORD` instead (never in the
 * process list).
 */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs `command args…`, failing with its last stderr lines; `pg_dump`/`pg_restore` missing is said so. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} não foi encontrado: instale o cliente do PostgreSQL (Debian: apt-get install postgresql-client).`
            : `${command} falhou: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} falhou (código ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * `pg_dump` of the whole database at `databaseUrl` into `file`, in its
 * custom format (compressed; one consistent snapshot, taken while the nodes
 * keep serving), without owners or grants so that it restores into any
 * role's database. Throws a {@link BackupError}.
 */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, url], env);
}

/**
 * `pg_restore` of `file` (from {@link pgDump}) into the database at
 * `databaseUrl`, in one transaction that stops at the first error: the
 * database ends with the whole backup or as it was. Throws a
 * {@link BackupError}.
 */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  return run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file],
    env,
  );
}
