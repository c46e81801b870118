import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSharedDatabase, type ServerProcess, startServer, until } from './cluster.ts';
import { freePort } from './faults.ts';
import { startLocalS3 } from './local-s3.ts';

/**
 * Two API nodes (main.ts) on one PostgreSQL database, one Redis and one
 * S3-compatible bucket (s3rver), behind Debian's nginx running
 * docs/deploy/nginx.conf — that very file, with the test's ports written over
 * the example's (docs/deploy/README.md). For the `*.postgres.test.ts` files of
 * apps/server/src/deploy; .ci/run installs nginx, and without it they fail.
 */

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const CONF = path.resolve(import.meta.dirname, '../../../../docs/deploy/nginx.conf');
/** Debian's nginx (`/usr/sbin`, outside a non-root user's PATH), else whatever PATH finds. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** A running cluster behind nginx. */
export interface Balanced {
  /** nginx's origin. */
  front: string;
  /** The nodes' shared PostgreSQL database. */
  databaseUrl: string;
  /** The nodes, in upstream order (a restarted node replaces its entry). */
  nodes: ServerProcess[];
  /** Writes the site file again with the nodes of `down` marked `down`, and has nginx reload it (SIGHUP). */
  reload(down: number[]): Promise<void>;
  /** Stops node `index` (SIGTERM; answers its exit code) and starts it again on its port. */
  restart(index: number): Promise<number | null>;
  stop(): Promise<void>;
}

/** docs/deploy/nginx.conf with the nodes' and nginx's own ports, inside a main file that runs as this user. */
function renderNginx(dir: string, listen: number, ports: number[], down: number[] = []): string {
  const site = readFileSync(CONF, 'utf8');
  for (const line of [
    'server 127.0.0.1:3001 max_fails=3 fail_timeout=10s;',
    'server 127.0.0.1:3002',
    'listen 8080;',
  ]) {
    if (!site.includes(line))
      throw new Error(`docs/deploy/nginx.conf no longer has "${line}": update test/balancer.ts`);
  }
  const node = (i: number) => `server 127.0.0.1:${ports[i]}${down.includes(i) ? ' down' : ''}`;
  const rendered = site
    .replace('server 127.0.0.1:3001', node(0))
    .replace('server 127.0.0.1:3002', node(1))
    .replace('listen 8080;', `listen 127.0.0.1:${listen};`);
  writeFileSync(path.join(dir, 'pulso.conf'), rendered);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, sub), { recursive: true });
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(
    main,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/pulso.conf;
}
`,
  );
  return main;
}

/** Starts s3rver, a shared database, two nodes with `env` added, and nginx in front; see {@link Balanced}. */
export async function startBalanced(env: Record<string, string> = {}): Promise<Balanced> {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `pulso-nginx-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const s3 = await startLocalS3('pulso-front');
  const shared = await createSharedDatabase();
  const ports = [await freePort(), await freePort()];
  const nodeEnv = () => ({
    DATABASE_URL: shared.url,
    REDIS_URL,
    S3_URL: s3.url,
    DATA_DIR: tempDir('data'),
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    ...env,
  });
  const nodes: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  const stop = async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(nodes.map((node) => node.stop()));
    await shared.drop();
    await s3.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const started = await Promise.allSettled(ports.map((port) => startServer(port, nodeEnv())));
    for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const listen = await freePort();
    const dir = tempDir('conf');
    const main = renderNginx(dir, listen, ports);
    const child = spawn(NGINX, ['-c', main, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx = child;
    const spawned = new Promise<never>((_, reject) => {
      child.once('error', (error) =>
        reject(new Error(`nginx could not start (apt-get install nginx): ${error.message}`)),
      );
    });
    const front = `http://127.0.0.1:${listen}`;
    await Promise.race([
      spawned,
      until(async () => (await fetch(`${front}/api/health`).catch(() => null))?.status === 200, 20_000),
    ]);
    return {
      front,
      databaseUrl: shared.url,
      nodes,
      async reload(down) {
        renderNginx(dir, listen, ports, down);
        child.kill('SIGHUP');
        // The new workers take the new upstream list; the old ones finish what they hold.
        await new Promise((resolve) => setTimeout(resolve, 500));
      },
      async restart(index) {
        const node = nodes[index];
        if (!node) throw new Error(`no node ${index}`);
        const code = await node.stop();
        nodes[index] = await startServer(ports[index] as number, nodeEnv());
        return code;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A series of one node's /metrics (read straight from the node, on loopback), summed over its label sets. */
export async function metric(node: ServerProcess, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${node.origin}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/**
 * One request on a connection of its own (no keep-alive), from `localAddress`
 * when given; answers the status. A connection kept alive across
 * `nginx -s reload` may be closed by an old worker as the client reuses it
 * (a browser retries that; a test would count it against the node), and a
 * loopback address of the test's own keeps its per-address budgets apart
 * from other test files sharing Redis.
 */
export function sendThrough(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; localAddress?: string } = {},
): Promise<number> {
  const { method = 'GET', headers = {}, body, localAddress } = options;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}
