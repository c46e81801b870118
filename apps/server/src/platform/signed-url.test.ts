import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createUrlSigner, FILES_URL_SECRET_FILE, loadFilesUrlSecret } from './signed-url.ts';

let dataDir: string;
/** A PGlite node's context: the generated secret lives in DATA_DIR (platform/secrets.ts). */
const onDisk = (filesUrlSecret: string | undefined) => ({
  config: { dataDir, filesUrlSecret },
  database: { kind: 'pglite' as const, db: {} as Db },
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pulso-signed-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('FILES_URL_SECRET', () => {
  it('is optional, blank is unset, and a set one needs 32 characters', () => {
    expect(loadConfig({}).filesUrlSecret).toBeUndefined();
    expect(loadConfig({ FILES_URL_SECRET: '' }).filesUrlSecret).toBeUndefined();
    expect(loadConfig({ FILES_URL_SECRET: 's'.repeat(32) }).filesUrlSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ FILES_URL_SECRET: 'curto' })).toThrow(/FILES_URL_SECRET/);
  });
});

describe('loadFilesUrlSecret', () => {
  it('uses the configured secret and writes no file', async () => {
    const secret = 'k'.repeat(40);
    expect(await loadFilesUrlSecret(onDisk(secret))).toBe(secret);
    await expect(stat(path.join(dataDir, FILES_URL_SECRET_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('generates 256 bits once into DATA_DIR (mode 0600) and reuses them after a restart', async () => {
    const first = await loadFilesUrlSecret(onDisk(undefined));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, FILES_URL_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect(await loadFilesUrlSecret(onDisk(undefined))).toBe(first);
  });

  it('agrees on one secret when two processes start at once', async () => {
    const [a, b] = await Promise.all([
      loadFilesUrlSecret(onDisk(undefined)),
      loadFilesUrlSecret(onDisk(undefined)),
    ]);
    expect(a).toBe(b);
  });

  it('refuses a damaged secret file rather than sign with it', async () => {
    await writeFile(path.join(dataDir, FILES_URL_SECRET_FILE), 'nope\n');
    await expect(loadFilesUrlSecret(onDisk(undefined))).rejects.toThrow(/Invalid file URL secret/);
  });
});

describe('createUrlSigner', () => {
  const signer = createUrlSigner('a'.repeat(64), 'timeline-anexo');
  const now = 1_700_000_000;

  it('signs id and expiry with HMAC-SHA256 (base64url) and verifies until the expiry', () => {
    const sig = signer.sign(7, now + 900);
    expect(sig).toMatch(/^[\w-]{43}$/);
    expect(signer.verify(7, now + 900, sig, now)).toBe(true);
    expect(signer.verify(7, now + 900, sig, now + 899)).toBe(true);
    expect(signer.verify(7, now + 900, sig, now + 900)).toBe(false);
  });

  it('refuses another id, another expiry, another secret, another purpose or a cut signature', () => {
    const sig = signer.sign(7, now + 900);
    expect(signer.verify(8, now + 900, sig, now)).toBe(false);
    expect(signer.verify(7, now + 960, sig, now)).toBe(false);
    expect(createUrlSigner('b'.repeat(64), 'timeline-anexo').verify(7, now + 900, sig, now)).toBe(false);
    expect(createUrlSigner('a'.repeat(64), 'chat-file').verify(7, now + 900, sig, now)).toBe(false);
    expect(signer.verify(7, now + 900, sig.slice(0, 20), now)).toBe(false);
    expect(signer.verify(7, now + 900, '', now)).toBe(false);
  });
});
