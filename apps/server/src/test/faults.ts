import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServerProcess } from './cluster.ts';
import { registrationBody } from './factories.ts';

/**
 * Helpers of the fault tests (`src/faults/`; docs/operations-and-faults.md
 * "Fault tests"): a PostgreSQL instance of their own that they may stop,
 * servers in PID namespaces of their own, and plain HTTP calls to a server
 * process.
 */

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A free TCP port on 127.0.0.1 (the OS picks it; it is free again when this returns). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Prefix that makes a server PID 1 of a PID namespace of its own (as a container entrypoint is). */
export const OWN_PID_NAMESPACE = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'];

/**
 * The host pid of the server that `unshare` (spawned with
 * {@link OWN_PID_NAMESPACE}) forked: the namespace's PID 1. Signals go to it
 * (SIGTERM, SIGKILL), not to `unshare`.
 */
export function namespacedPid(server: ServerProcess): number {
  const pid = server.child.pid as number;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  const first = Number(children.split(/\s+/)[0]);
  if (!Number.isInteger(first) || first <= 0) throw new Error(`unshare ${pid} has no child yet`);
  return first;
}

/** A PostgreSQL 15 cluster of the test's own, on a free loopback port, that the test may stop and start. */
export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: open sessions are cut (57P01), new connections refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (immediate) and deletes its directory. */
  destroy(): Promise<void>;
}

/**
 * `initdb` into a temp directory and `pg_ctl start` on a free port, as the
 * `postgres` user when this process is root (initdb refuses root). Never
 * the shared server on 5432. Trust authentication on loopback only, fsync
 * off (the test kills nothing below PostgreSQL, and it starts faster).
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulso-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  const as = async (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args]]
      : [path.join(PG_BIN, command), args];
    return run(file, argv, { timeout: 120_000 });
  };
  if (asRoot) {
    const { uid, gid } = await run('id', ['-u', 'postgres']).then(async (u) => ({
      uid: Number(u.stdout.trim()),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
    }));
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const pgCtl = (args: string[]) => as('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  const start = async () => {
    await pgCtl(['-o', options, '-l', path.join(dir, 'log'), 'start']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: async () => {
      await pgCtl(['-m', 'fast', 'stop']);
    },
    destroy: async () => {
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An HTTP call to a server process: status, `Retry-After` and the JSON body (or null). */
export async function call(
  origin: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

/** Registers a patient through `POST /api/register`; answers the status and, on 201, the token and e-mail. */
export async function register(
  origin: string,
  overrides: Record<string, unknown> = {},
): Promise<{
  status: number;
  retryAfter: string | null;
  email: string;
  password: string;
  token: string | null;
  body: unknown;
}> {
  const body = registrationBody(overrides) as { email: string; password: string };
  const res = await call(origin, 'POST', '/api/register', { body });
  const token = res.status === 201 ? ((res.body as { token: string }).token ?? null) : null;
  return { ...res, email: body.email, password: body.password, token };
}

/** Signs in through `POST /api/login`; answers the status. */
export async function loginStatus(origin: string, email: string, password: string): Promise<number> {
  return (await call(origin, 'POST', '/api/login', { body: { email, password } })).status;
}
