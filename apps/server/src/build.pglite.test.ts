import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildState, ROOT, TARGETS, writeStamp } from '../../../scripts/build.mjs';
import { spawnCollecting } from './test/child.ts';

// The built server (apps/server/build.mjs) as `npm start` runs it (scripts/start.mjs), and the check that
// decides when to build (scripts/build.mjs). Engine-independent: api-pglite only (`*.pglite.test.ts`).

const SERVER_DIR = path.join(import.meta.dirname, '..');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Runs `args` with Node, only `env` (plus PATH) in its environment, collecting what it prints. */
function node(args: string[], env: Record<string, string> = {}) {
  const run = spawnCollecting(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  children.push(run.child);
  return run;
}

async function waitForHealth(url: string, server: { exited: Promise<number | null>; output: () => string }) {
  let stopped = false;
  void server.exited.then(() => {
    stopped = true;
  });
  for (;;) {
    if (stopped) throw new Error(`the built server stopped:\n${server.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the built server (apps/server/build.mjs)', () => {
  // Beside dist, two levels below the root, where the build must go (buildServer's docstring).
  const outdir = mkdtempSync(path.join(SERVER_DIR, 'dist-test-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-built-'));
  const port = 20000 + Math.floor(Math.random() * 20000);

  beforeAll(async () => {
    const build = node(['build.mjs', outdir]);
    expect(await build.exited, build.output()).toBe(0);
  }, 120_000);

  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts from compiled JavaScript on a fresh DATA_DIR, answers, and stops on SIGTERM', async () => {
    expect(existsSync(path.join(outdir, 'db-template', 'PG_VERSION'))).toBe(true);
    const server = node(['--enable-source-maps', path.join(outdir, 'main.js')], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
    });
    const origin = `http://127.0.0.1:${port}`;
    const health = await waitForHealth(`${origin}/api/health`, server);
    expect(await health.json()).toEqual({ status: 'ok' });

    const missing = await fetch(`${origin}/api/code/XXX`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Código não encontrado' });
    // The municipalities come with the build's database (src/db-template.ts).
    const cities = await fetch(`${origin}/api/cidades/search/${encodeURIComponent('São Paulo')}`);
    expect(cities.status).toBe(200);
    expect(JSON.stringify(await cities.json())).toContain('São Paulo');
    expect(existsSync(path.join(dataDir, 'db.partial'))).toBe(false);

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 60_000);

  it('builds the command-line tools as programs of their own', async () => {
    const help = node([path.join(outdir, 'admin-create.js'), '--help']);
    expect(await help.exited, help.output()).toBe(0);
    expect(help.output()).toMatch(/admin:create/);
  });

  it('backs up the stopped server’s DATA_DIR and restores it elsewhere, compiled', async () => {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'pulso-built-backup-')), 'pulso.backup');
    const restored = path.dirname(copy);
    const backup = node([path.join(outdir, 'backup.js'), '--out', copy], {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toMatch(
      /^Backup gravado em .*pulso\.backup \([\d,]+ MB\): banco PGlite, 0 arquivo\(s\)/,
    );
    const restore = node([path.join(outdir, 'restore.js'), copy], {
      DATA_DIR: path.join(restored, 'data'),
      LOG_LEVEL: 'warn',
    });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(existsSync(path.join(restored, 'data', 'db', 'PG_VERSION'))).toBe(true);
    rmSync(restored, { recursive: true, force: true });
  }, 60_000);
});

describe('when a build is out of date (scripts/build.mjs)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pulso-stamp-'));
  const target = { dist: 'dist', inputs: ['src', 'config.json', 'absent.txt'] };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const current = () => buildState(root, target).current;
  const build = () => {
    mkdirSync(path.join(root, target.dist), { recursive: true });
    writeStamp(root, target, buildState(root, target).hash);
  };

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is stale without an output or a stamp, current once built from the inputs as they are', () => {
    write('src/a.ts', 'export const a = 1;');
    write('src/deep/b.ts', 'export const b = 2;');
    write('src/a.test.ts', 'test');
    write('config.json', '{}');
    expect(current()).toBe(false);
    mkdirSync(path.join(root, 'dist'));
    expect(current()).toBe(false);
    build();
    expect(current()).toBe(true);
  });

  it('is stale when a source changes, appears or goes; not for tests, node_modules or a rewrite of the same text', () => {
    build();
    write('src/a.ts', 'export const a = 1;');
    write('src/a.test.ts', 'another test');
    write('src/node_modules/x/index.js', 'x');
    expect(current()).toBe(true);

    write('src/deep/b.ts', 'export const b = 3;');
    expect(current()).toBe(false);
    build();
    write('src/c.ts', 'export const c = 4;');
    expect(current()).toBe(false);
    build();
    unlinkSync(path.join(root, 'src/c.ts'));
    expect(current()).toBe(false);
    build();
    write('config.json', '{"a":1}');
    expect(current()).toBe(false);
    build();
    write('absent.txt', 'now here');
    expect(current()).toBe(false);
  });

  it('names inputs that exist in the repository', () => {
    for (const { dist, inputs } of Object.values(TARGETS)) {
      expect(dist).toMatch(/^apps\/(web|server)\/dist$/);
      for (const input of inputs) expect(existsSync(path.join(ROOT, input)), input).toBe(true);
    }
  });
});
