import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { loadVapidKeys } from './push.ts';
import { readOrCreateSecretFile } from './secret-file.ts';
import { fileSecretStore } from './secrets.ts';
import { FILES_URL_SECRET_FILE, loadFilesUrlSecret } from './signed-url.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulso-secret-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readOrCreateSecretFile', () => {
  it('creates the file once (mode 0600) and reads it back on the next start', async () => {
    const file = path.join(dir, 'segredo');
    expect(await readOrCreateSecretFile(file, () => 'primeiro\n')).toBe('primeiro\n');
    expect(await readOrCreateSecretFile(file, () => 'segundo\n')).toBe('primeiro\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['segredo']);
  });

  it('gives processes starting together one and the same secret, never a half-written one', async () => {
    const file = path.join(dir, 'segredo');
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        readOrCreateSecretFile(file, () => `valor-${i}-${'x'.repeat(4096)}\n`),
      ),
    );
    expect(new Set(all).size).toBe(1);
    expect(await readFile(file, 'utf8')).toBe(all[0]);
    expect(await readdir(dir)).toEqual(['segredo']);
  });

  it('replaces an empty file that a process killed mid-write left behind', async () => {
    const file = path.join(dir, 'segredo');
    await writeFile(file, '');
    expect(await readOrCreateSecretFile(file, () => 'novo\n')).toBe('novo\n');
  });
});

describe('the generated secrets of DATA_DIR', () => {
  it('start after a crash left vapid.json and files-url-secret empty', async () => {
    await writeFile(path.join(dir, 'vapid.json'), '');
    await writeFile(path.join(dir, FILES_URL_SECRET_FILE), '');
    const vapid = { publicKey: undefined, privateKey: undefined, subject: 'mailto:suporte@pulso.local' };
    const keys = await loadVapidKeys(
      { dataDir: dir, vapid } as Parameters<typeof loadVapidKeys>[0],
      fileSecretStore(dir),
    );
    expect(keys.publicKey).toMatch(/^[\w-]{80,}$/);
    expect(
      await loadVapidKeys(
        { dataDir: dir, vapid } as Parameters<typeof loadVapidKeys>[0],
        fileSecretStore(dir),
      ),
    ).toEqual(keys);
    const secret = await loadFilesUrlSecret({
      config: { dataDir: dir, filesUrlSecret: undefined },
      database: { kind: 'pglite', db: {} as Db },
    });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(
      await loadFilesUrlSecret({
        config: { dataDir: dir, filesUrlSecret: undefined },
        database: { kind: 'pglite', db: {} as Db },
      }),
    ).toBe(secret);
  });
});
