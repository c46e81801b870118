import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { UserView } from '@pulso/domain';
import pg from 'pg';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { atendimentos, medicos } from '../db/schema/index.ts';
import { searchKey } from '../db/search-key.ts';
import { JOBS_LOCK_KEY, type JobLog } from '../platform/jobs.ts';
import { spawnCollecting } from './child.ts';
import { registrationBody } from './factories.ts';

/** Helpers of the tests that run several API nodes (schedulers, server processes) on one database. */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` every 10 ms until it holds; throws after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** A {@link JobLog} that keeps every line. */
export function captureLog(): JobLog & { lines: { level: string; msg: string; obj: object }[] } {
  const lines: { level: string; msg: string; obj: object }[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
  };
}

/** Runs `work` with a client of its own on `url`. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Backend pid and `application_name` of the sessions holding the scheduler's advisory lock `key` in that database. */
export function lockHolders(
  url: string,
  key: readonly [number, number] = JOBS_LOCK_KEY,
): Promise<{ pid: number; application_name: string }[]> {
  return withClient(url, async (client) => {
    const result = await client.query<{ pid: number; application_name: string }>(
      `select l.pid, a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.database = (select oid from pg_database where datname = current_database())
          and l.classid = $1::int::oid and l.objid = $2::int::oid and l.objsubid = 2 and l.granted`,
      [key[0], key[1]],
    );
    return result.rows;
  });
}

/**
 * A fresh, empty PostgreSQL database `pulso_n_<random>` on the server of
 * `DATABASE_URL` (the api-postgres project's), for several nodes to share;
 * `drop()` removes it, closing what is still connected.
 */
export async function createSharedDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('the multi-node tests need DATABASE_URL (see .ci/run)');
  const name = `pulso_n_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

const MAIN = path.join(import.meta.dirname, '../main.ts');

/** A server process started from the sources (`node --import tsx src/main.ts`; `npm start` runs it compiled). */
export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  exited: Promise<number | null>;
  output(): string;
  /** SIGTERM, then waits for the exit; SIGKILL after 15 s. */
  stop(): Promise<number | null>;
}

/**
 * Spawns `main.ts` on 127.0.0.1:`port` with only `env` (plus PATH), behind
 * `prefix` when given (e.g. `['unshare', '--pid', '--fork', '--mount-proc']`:
 * the server is then PID 1 of a PID namespace of its own), without waiting
 * for it. Use {@link startServer} to wait until it serves.
 */
export function spawnServer(port: number, env: Record<string, string>, prefix: string[] = []): ServerProcess {
  const [command, ...args] = [...prefix, process.execPath, '--import', 'tsx', MAIN];
  const { child, exited, output } = spawnCollecting(command as string, args, {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  // A failed run must not leave a server (and its connections to the shared database) behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const origin = `http://127.0.0.1:${port}`;
  return {
    child,
    origin,
    exited,
    output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Starts `main.ts` on 127.0.0.1:`port` with only `env` (plus PATH), behind
 * `prefix` when given (see {@link spawnServer}), and waits until
 * `/api/health` answers 200 (`timeoutMs`); its output is kept for the
 * failure message.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 90_000,
  prefix: string[] = [],
): Promise<ServerProcess> {
  const server = spawnServer(port, env, prefix);
  const { child, origin, output } = server;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server on ${port} exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no answer from ${origin} in ${timeoutMs} ms:\n${output()}`);
    }
    await sleep(200);
  }
}

/** Registers an account through the API at `origin` (a node, or a balancer in front); throws unless 201. */
export async function registerThrough(
  origin: string,
  name: string,
): Promise<{ token: string; user: UserView }> {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registrationBody({ name })),
  });
  if (res.status !== 201) throw new Error(`register through ${origin}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: UserView };
}

/**
 * Uploads a 400×400 PNG as the account's photo through `origin`
 * (`POST /api/home/avatar`); answers the photo's path (`/api/avatars/<hex>.png`). Throws unless 200.
 */
export async function uploadAvatarThrough(origin: string, token: string): Promise<string> {
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${origin}/api/home/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 200) throw new Error(`avatar through ${origin}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { user: UserView }).user.avatar as string;
}

/** Makes an account a verified, available doctor straight in `db` (doctors come from the CLI, not the API). */
export async function makeDoctor(db: Db, userId: number, name: string): Promise<number> {
  const [row] = await db
    .insert(medicos)
    .values({ user_id: userId, busca: searchKey(name), status: 2, verified_at: new Date() })
    .returning({ id: medicos.id });
  if (!row) throw new Error('doctor not created');
  return row.id;
}

/** An accepted (A) session, paid by a credit, straight into `db`; answers its id. */
export async function acceptedSession(db: Db, userId: number, medicoId: number): Promise<number> {
  const now = new Date();
  const [row] = await db
    .insert(atendimentos)
    .values({
      user_id: userId,
      medico_id: medicoId,
      status: 'A',
      motivo: 'Dor de cabeça há três dias',
      pagamento: 'credito',
      accepted_at: now,
      last_message_at: now,
    })
    .returning({ id: atendimentos.id });
  if (!row) throw new Error('session not created');
  return row.id;
}
