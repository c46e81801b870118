import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE } from './lock.ts';

const LOCK_MODULE = path.join(import.meta.dirname, 'lock.ts');

describe('acquireDataDirLock', () => {
  it('refuses a second holder while the first holds it, leaves its file alone, and frees on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pulso-lock-'));
    const release = acquireDataDirLock(dir);
    const file = path.join(dir, LOCK_FILE);
    const written = readFileSync(file, 'utf8');
    expect(JSON.parse(written)).toMatchObject({ pid: process.pid });
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`está em uso por outro processo \\(pid ${process.pid} em `),
    );
    expect(readFileSync(file, 'utf8')).toBe(written);
    release();
    release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('is freed by the kernel when its holder is killed with SIGKILL, without waiting', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pulso-lock-'));
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(LOCK_MODULE)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) =>
      holder.stdout?.on('data', (d) => String(d).includes('locked') && resolve()),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`em uso por outro processo \\(pid ${holder.pid} `),
    );
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.on('exit', resolve));
    // The dead holder's file is still there; its lock is not.
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('takes over a file that names a live process but holds no lock (an old PID file, pid 1)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pulso-lock-'));
    writeFileSync(path.join(dir, LOCK_FILE), '1');
    acquireDataDirLock(dir)();
  });
});
