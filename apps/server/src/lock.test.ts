import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE } from './lock.ts';

describe('acquireDataDirLock', () => {
  it('refuses a second holder while the first lives, and frees on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pulso-lock-'));
    const release = acquireDataDirLock(dir);
    writeFileSync(path.join(dir, LOCK_FILE), String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(/em uso/);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('replaces a stale lock left by a dead process', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pulso-lock-'));
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid as number;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(path.join(dir, LOCK_FILE), String(deadPid));
    const release = acquireDataDirLock(dir);
    release();
  });
});
