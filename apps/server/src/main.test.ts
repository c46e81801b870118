import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './lock.ts';
import { spawnCollecting } from './test/child.ts';
import { freePort } from './test/faults.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-main-'));
const children: ChildProcess[] = [];

function start(env: Record<string, string>) {
  const run = spawnCollecting(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
  });
  children.push(run.child);
  return run;
}

async function waitForHealth(url: string, timeoutMs: number): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('npm start (main.ts) on the embedded default', () => {
  it('migrates, seeds, serves, holds the data lock and shuts down on SIGTERM', async () => {
    // A port free now (a random one once met another test's server, which answered the health check 404).
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    const server = start(env);
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, 60_000);
    expect(await health.json()).toEqual({ status: 'ok' });

    const docs = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    const second = start({ ...env, PORT: String(port + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/em uso/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('refuses to start on an invalid environment, naming the variable', async () => {
    const bad = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT/);
  });
});
