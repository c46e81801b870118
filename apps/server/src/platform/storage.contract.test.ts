import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToBucket, runStorageMigrate } from '../cli/storage-migrate.ts';
import { loadConfig } from '../config.ts';
import { type LocalS3, startLocalS3 } from '../test/local-s3.ts';
import { diskStorage, type Storage } from './storage.ts';
import { s3Storage } from './storage-s3.ts';

// A local S3-compatible server on a free port, started by this file (docs/operations-and-faults.md "Object storage").
const BUCKET = 'pulso-test';
const dirs: string[] = [];
const dir = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'pulso-storage-contract-'));
  dirs.push(made);
  return made;
};
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
});
afterAll(async () => {
  await s3?.close();
  for (const made of dirs) rmSync(made, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let buckets = 0;
/** Each a new, empty place: a folder, a bucket. */
const adapters: [string, () => Promise<Storage>][] = [
  ['the disk', async () => diskStorage(dir())],
  ['an S3 bucket', async () => s3Storage((await s3.addBucket(`pulso-test-${++buckets}`)).settings)],
];

describe.each(adapters)('Storage on %s (one contract)', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
  });

  it('gives back every byte of what it keeps, binary and large alike, by key', async () => {
    const small = Buffer.from('%PDF-1.7 laudo\u0000\u00ff', 'latin1');
    const large = randomBytes(6 * 1024 * 1024);
    await storage.put('timeline/0123456789abcdef0123456789abcdef.pdf', small);
    await storage.put('chat/fedcba9876543210fedcba9876543210.jpg', large);
    expect(await storage.get('timeline/0123456789abcdef0123456789abcdef.pdf')).toEqual(small);
    const back = await storage.get('chat/fedcba9876543210fedcba9876543210.jpg');
    expect(back?.length).toBe(large.length);
    expect(sha256(back ?? Buffer.alloc(0))).toBe(sha256(large));
  });

  it('answers null for a key it does not hold, and replaces a file put again', async () => {
    expect(await storage.get('avatars/nada.png')).toBeNull();
    await storage.put('avatars/foto.png', Buffer.from('primeira'));
    await storage.put('avatars/foto.png', Buffer.from('segunda'));
    expect((await storage.get('avatars/foto.png'))?.toString()).toBe('segunda');
  });

  it('deletes, and deleting what is gone is no error', async () => {
    await storage.put('profissionais/doc.webp', Buffer.from('documento'));
    await storage.delete('profissionais/doc.webp');
    expect(await storage.get('profissionais/doc.webp')).toBeNull();
    await expect(storage.delete('profissionais/doc.webp')).resolves.toBeUndefined();
  });

  it('lists every key it holds, and none it deleted', async () => {
    const fresh = await make();
    const held = ['avatars/aa11.png', 'timeline/2026/bb22.pdf', 'chat/cc33.jpg'];
    for (const key of held) await fresh.put(key, Buffer.from(key));
    await fresh.put('chat/dd44.jpg', Buffer.from('apagado'));
    await fresh.delete('chat/dd44.jpg');
    const listed: string[] = [];
    for await (const key of fresh.keys()) listed.push(key);
    expect(listed.sort()).toEqual([...held].sort());
  });

  it('refuses a key that could leave its folder or is not a plain name', async () => {
    for (const key of ['../fora.png', '/abs/x.png', 'avatars/../../x.png', 'avatars/x', 'avatars/a b.png']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('s3Storage at start', () => {
  it('fails naming the bucket when it cannot be reached', async () => {
    await expect(s3Storage({ ...s3.settings, bucket: 'nao-existe' })).rejects.toThrow(
      /S3 bucket nao-existe is not reachable/,
    );
  });
});

describe('the S3 configuration (config-s3.ts)', () => {
  it('reads S3_URL: keys, endpoint, bucket and region, addressed by path', () => {
    const config = loadConfig({
      S3_URL: 'https://AKIA%2B1:se%2Fgredo@s3.exemplo.com.br:9000/pulso-arquivos?region=sa-east-1',
    });
    expect(config.s3).toEqual({
      bucket: 'pulso-arquivos',
      region: 'sa-east-1',
      endpoint: 'https://s3.exemplo.com.br:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA+1', secretAccessKey: 'se/gredo' },
    });
  });

  it('reads S3_BUCKET and the other S3_* variables, AWS by default, and the disk without them', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'pulso' }).s3).toEqual({
      bucket: 'pulso',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'pulso',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'sa-east-1',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }).s3,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'a' },
    });
  });

  it('refuses half a pair of keys, a bad bucket or URL, and S3_* without a bucket, naming each', () => {
    expect(() => loadConfig({ S3_BUCKET: 'pulso', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /S3_ACCESS_KEY_ID: set it with S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Pulso_Arquivos' })).toThrow(/S3_BUCKET: not a bucket name/);
    expect(() => loadConfig({ S3_URL: 'ftp://host/bucket' })).toThrow(/S3_URL: must be http/);
    expect(() => loadConfig({ S3_URL: 'https://host' })).toThrow(/S3_URL: must be http/);
    expect(() => loadConfig({ S3_REGION: 'sa-east-1' })).toThrow(/S3_REGION: needs S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'pulso', S3_ENDPOINT: 's3.exemplo.com' })).toThrow(
      /S3_ENDPOINT: must be/,
    );
  });
});

describe('npm run storage:migrate (the disk’s files into the bucket)', () => {
  const run = async (env: Record<string, string>) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStorageMigrate(
      [],
      env,
      (l) => out.push(l),
      (l) => err.push(l),
    );
    return { code, out, err };
  };

  it('copies every file under its key, checked by size and SHA-256, skips half-written ones, and can run again', async () => {
    const dataDir = dir();
    const files = path.join(dataDir, 'files');
    const photo = randomBytes(2048);
    const laudo = Buffer.from('%PDF-1.7 hemograma');
    mkdirSync(path.join(files, 'avatars'), { recursive: true });
    mkdirSync(path.join(files, 'timeline'), { recursive: true });
    writeFileSync(path.join(files, 'avatars', 'aaaa1111bbbb2222cccc3333dddd4444.png'), photo);
    writeFileSync(path.join(files, 'timeline', 'eeee5555ffff6666aaaa7777bbbb8888.pdf'), laudo);
    writeFileSync(path.join(files, 'timeline', 'eeee5555ffff6666aaaa7777bbbb8888.pdf.1a2b3c.tmp'), 'meio');
    const env = {
      DATA_DIR: dataDir,
      S3_URL: s3.url,
    };

    const first = await run(env);
    expect(first).toEqual({
      code: 0,
      out: [`2 arquivo(s) copiado(s) para o bucket ${BUCKET}; 0 já estavam lá, iguais.`],
      err: [],
    });
    const bucket = await s3Storage(s3.settings);
    expect(await bucket.get('avatars/aaaa1111bbbb2222cccc3333dddd4444.png')).toEqual(photo);
    expect(await bucket.get('timeline/eeee5555ffff6666aaaa7777bbbb8888.pdf')).toEqual(laudo);
    expect((await run(env)).out).toEqual([
      `0 arquivo(s) copiado(s) para o bucket ${BUCKET}; 2 já estavam lá, iguais.`,
    ]);
  });

  it('names each file whose copy differs, and fails', async () => {
    const files = dir();
    mkdirSync(path.join(files, 'chat'));
    writeFileSync(path.join(files, 'chat', 'abc.jpg'), 'original');
    const kept = new Map<string, Buffer>();
    const lossy: Storage = {
      put: async (key, bytes) => void kept.set(key, bytes.subarray(1)),
      get: async (key) => kept.get(key) ?? null,
      delete: async (key) => void kept.delete(key),
      keys: async function* () {
        yield* kept.keys();
      },
    };
    expect(await migrateToBucket(files, lossy)).toEqual({
      copied: 0,
      alreadyThere: 0,
      mismatched: ['chat/abc.jpg'],
    });
  });

  it('asks for a bucket when none is configured (exit 2)', async () => {
    const result = await run({ DATA_DIR: dir() });
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe(
      'Nenhum bucket configurado: defina S3_URL ou S3_BUCKET (README "Configuração").',
    );
  });
});
