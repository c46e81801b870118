import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { app_secrets } from '../db/schema/index.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness.ts';
import { loadVapidKeys, VAPID_SECRET_NAME } from './push.ts';
import { databaseSecretStore, fileSecretStore, secretStoreFor } from './secrets.ts';
import { FILES_URL_SECRET_FILE, loadFilesUrlSecret } from './signed-url.ts';

let t: TestApp;
let dirs: string[] = [];
const dataDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'pulso-secrets-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(app_secrets);
});
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('the generated secrets of a cluster (docs/operations-and-faults.md "Generated secrets")', () => {
  it('are kept once in app_secrets: a second node with its own DATA_DIR reads the first one’s', async () => {
    const a = databaseSecretStore(t.database.db, await dataDir());
    const b = databaseSecretStore(t.database.db, await dataDir());
    const first = await a.readOrCreate('files-url-secret', () => 'a'.repeat(64));
    expect(first).toBe('a'.repeat(64));
    expect(await b.readOrCreate('files-url-secret', () => 'b'.repeat(64))).toBe(first);
    expect(await t.database.db.select().from(app_secrets)).toMatchObject([
      { name: 'files-url-secret', value: first },
    ]);
  });

  it('agree on one value when nodes create it at the same time', async () => {
    const stores = await Promise.all(
      Array.from({ length: 5 }, async () => databaseSecretStore(t.database.db, await dataDir())),
    );
    const values = await Promise.all(
      stores.map((store, i) => store.readOrCreate('vapid.json', () => `valor ${i}`)),
    );
    expect(new Set(values).size).toBe(1);
    const rows = await t.database.db.select().from(app_secrets).where(eq(app_secrets.name, 'vapid.json'));
    expect(rows.map((row) => row.value)).toEqual([values[0]]);
  });

  it('bring a node’s DATA_DIR file into the database when it has none yet, so its links and pushes keep working', async () => {
    const dir = await dataDir();
    const old = { publicKey: 'x', privateKey: 'y' };
    await writeFile(path.join(dir, VAPID_SECRET_NAME), JSON.stringify(old));
    await writeFile(path.join(dir, FILES_URL_SECRET_FILE), `${'c'.repeat(64)}\n`);
    const store = databaseSecretStore(t.database.db, dir);
    expect(JSON.parse(await store.readOrCreate(VAPID_SECRET_NAME, () => 'novo'))).toEqual(old);
    expect(await store.readOrCreate(FILES_URL_SECRET_FILE, () => 'novo')).toBe(`${'c'.repeat(64)}\n`);
    // Another node's file does not replace what is kept.
    const other = await dataDir();
    await writeFile(path.join(other, FILES_URL_SECRET_FILE), `${'d'.repeat(64)}\n`);
    expect(
      await databaseSecretStore(t.database.db, other).readOrCreate(FILES_URL_SECRET_FILE, () => 'novo'),
    ).toBe(`${'c'.repeat(64)}\n`);
  });

  it('stay in DATA_DIR (mode 0600) on PGlite, one process by construction', async () => {
    const dir = await dataDir();
    const store = fileSecretStore(dir);
    expect(await store.readOrCreate('files-url-secret', () => 'segredo\n')).toBe('segredo\n');
    expect((await stat(path.join(dir, 'files-url-secret'))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(dir, 'files-url-secret'), 'utf8')).toBe('segredo\n');
    expect(await t.database.db.select().from(app_secrets)).toEqual([]);
  });

  it(`as the server loads them on ${TEST_ENGINE}: one file-link key and one VAPID pair for two nodes on PostgreSQL, each DATA_DIR its own on PGlite`, async () => {
    const nodes = await Promise.all(
      [1, 2].map(async () => {
        const config = loadConfig({ DATA_DIR: await dataDir() });
        return {
          files: await loadFilesUrlSecret({ config, database: t.database }),
          vapid: await loadVapidKeys(config, secretStoreFor(t.database, config.dataDir)),
        };
      }),
    );
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    expect(a.files).toMatch(/^[0-9a-f]{64}$/);
    if (t.database.kind === 'postgres') {
      expect(b).toEqual(a);
    } else {
      expect(b.files).not.toBe(a.files);
      expect(b.vapid.publicKey).not.toBe(a.vapid.publicKey);
    }
    // The environment still wins.
    const configured = loadConfig({ DATA_DIR: await dataDir(), FILES_URL_SECRET: 'e'.repeat(40) });
    expect(await loadFilesUrlSecret({ config: configured, database: t.database })).toBe('e'.repeat(40));
  });
});
