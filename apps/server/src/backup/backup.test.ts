import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackup } from '../cli/backup.ts';
import { runRestore } from '../cli/restore.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../lock.ts';
import {
  activeSession,
  cast,
  postFile,
  postText,
} from '../modules/telemedicina/telemedicina.test-support.ts';
import { addItem, jpeg, pdf, png } from '../modules/timeline/timeline.test-support.ts';
import { VAPID_SECRET_NAME } from '../platform/push.ts';
import { FILES_URL_SECRET_FILE } from '../platform/signed-url.ts';
import { diskStorage } from '../platform/storage.ts';
import { s3Storage } from '../platform/storage-s3.ts';
import { PLANOS_PADRAO } from '../seed/pagamentos.ts';
import { createSharedDatabase } from '../test/cluster.ts';
import { createPatient, fillEmergencyData } from '../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness.ts';
import { type LocalS3, startLocalS3 } from '../test/local-s3.ts';
import { runInProcess } from '../test/run-cli.ts';
import { readArchive } from './archive.ts';
import { type Content, expectSameContent, fileHashes, sequences, snapshot } from './backup.test-support.ts';
import { makeBackup } from './backup.ts';

// docs/operations-and-faults.md "Backups": the round trip on this project's engine (PGlite, or PostgreSQL when
// the api-postgres project runs it), with the files on the disk and in a bucket.

let t: TestApp;
let s3: LocalS3;
let backupFile: string;
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
const tempDir = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'pulso-backup-test-'));
  dirs.push(made);
  return made;
};

/** A place to restore into: an empty DATA_DIR and, on PostgreSQL, an empty database. */
async function emptyTarget(): Promise<{
  env: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
}> {
  const dataDir = tempDir();
  if (TEST_ENGINE === 'pglite') return { env: { DATA_DIR: dataDir }, dataDir };
  const database = await createSharedDatabase();
  drops.push(database.drop);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, dataDir, databaseUrl: database.url };
}

const openTarget = (target: { dataDir: string; databaseUrl?: string }) =>
  openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: path.join(target.dataDir, 'db') });

let source: Content;
let sourceFiles: Record<string, string>;
let createdAt: string;
const accounts = () => source.rows['public.users']?.length;
const expectSameAsSource = (database: Database) => expectSameContent(database, source);

beforeAll(async () => {
  t = await createTestApp();
  s3 = await startLocalS3('pulso-backup-source');
  // A patient with emergency data, a timeline record with attachments, a plan paid by card, a chat with a file.
  const { patient, doctor } = await cast(t);
  await fillEmergencyData(t.database.db, patient.user.id);
  await addItem(t, patient.auth, { descricao: 'Hemograma completo' }, [
    { field: 'anexos[]', filename: 'exame.jpg', bytes: await jpeg() },
    { field: 'anexos[]', filename: 'laudo.pdf', bytes: pdf() },
  ]);
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    headers: patient.auth,
    payload: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
  });
  const paid = await t.app.inject({
    method: 'PUT',
    url: '/api/planos/subscribe',
    headers: patient.auth,
    payload: { stripe_plan: PLANOS_PADRAO[0].stripe_plan, payment_method: card.json().id, preco: 1 },
  });
  expect(paid.statusCode).toBe(200);
  const atendimento = await activeSession(t, patient, doctor, { pagamento: 'plano' });
  expect((await postText(t, patient.auth, atendimento, 'Doutor, a dor voltou')).statusCode).toBe(201);
  expect(
    (await postFile(t, doctor.auth, atendimento, { filename: 'receita.png', bytes: await png() })).statusCode,
  ).toBe(201);
  await createPatient(t.app, { name: 'Outra Pessoa' });
  // The generated secrets are made at the first push and signed link; on PGlite they live in DATA_DIR.
  if (TEST_ENGINE === 'pglite') {
    writeFileSync(path.join(t.dataDir, FILES_URL_SECRET_FILE), 'a'.repeat(64));
    writeFileSync(path.join(t.dataDir, VAPID_SECRET_NAME), '{"publicKey":"p","privateKey":"k"}');
  }

  source = { rows: await snapshot(t.database), sequences: await sequences(t.database) };
  sourceFiles = await fileHashes(diskStorage(path.join(t.dataDir, 'files')));
  backupFile = path.join(tempDir(), 'pulso.backup');
  const before = new Date().toISOString();
  await makeBackup(backupFile, {
    database: t.database,
    databaseUrl: t.config.databaseUrl,
    dataDir: t.dataDir,
    storage: diskStorage(path.join(t.dataDir, 'files')),
  });
  createdAt = (await readArchive(backupFile)).header.created_at;
  expect(createdAt >= before).toBe(true);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const drop of drops) await drop();
  for (const made of dirs) rmSync(made, { recursive: true, force: true });
});

describe(`npm run backup / restore on ${TEST_ENGINE}`, () => {
  it('holds what the data takes: rows in every kind of table, and the uploaded files', () => {
    const tables = [
      'users',
      'timeline_items',
      'timeline_anexos',
      'atendimentos',
      'mensagens',
      'subscriptions',
      'payments',
    ];
    for (const table of tables.map((name) => `public.${name}`)) {
      expect(source.rows[table]?.length, table).toBeGreaterThan(0);
    }
    expect(Object.keys(sourceFiles).map((key) => key.split('/')[0])).toEqual(
      expect.arrayContaining(['timeline', 'chat']),
    );
  });

  it('restores every row, sequence, file and secret into an empty target; a backup of that restores the same', async () => {
    const target = await emptyTarget();
    const restored = await runInProcess(runRestore, [backupFile], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toBe(
      `Restaurado o backup de ${createdAt}: ${accounts()} conta(s), ${Object.keys(sourceFiles).length} arquivo(s), ` +
        `${TEST_ENGINE === 'pglite' ? 2 : 0} segredo(s). Inicie o servidor: ele aplica as migrações que faltarem.\n`,
    );

    const database = await openTarget(target);
    try {
      await expectSameAsSource(database);
    } finally {
      await database.close();
    }
    expect(await fileHashes(diskStorage(path.join(target.dataDir, 'files')))).toEqual(sourceFiles);
    if (TEST_ENGINE === 'pglite') {
      expect(readFileSync(path.join(target.dataDir, FILES_URL_SECRET_FILE), 'utf8')).toBe('a'.repeat(64));
      expect(readFileSync(path.join(target.dataDir, VAPID_SECRET_NAME), 'utf8')).toContain(
        '"privateKey":"k"',
      );
    }

    // The tool's own backup of the restored place (PGlite: its DATA_DIR, under the lock) round-trips too.
    const second = path.join(tempDir(), 'segundo.backup');
    const backedUp = await runInProcess(runBackup, ['--out', second], target.env);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toMatch(
      /^Backup gravado em .*segundo\.backup \([\d,]+ MB\): banco (PGlite|PostgreSQL), \d+ arquivo\(s\)/,
    );
    const again = await emptyTarget();
    expect((await runInProcess(runRestore, [second], again.env)).code).toBe(0);
    const copy = await openTarget(again);
    try {
      await expectSameAsSource(copy);
    } finally {
      await copy.close();
    }
  });

  it('puts the files into a bucket when the target keeps them there', async () => {
    const target = await emptyTarget();
    const bucket = await s3.addBucket(`pulso-restore-${TEST_ENGINE}`);
    const restored = await runInProcess(runRestore, [backupFile], { ...target.env, S3_URL: bucket.url });
    expect(restored.code).toBe(0);
    expect(await fileHashes(await s3Storage(bucket.settings))).toEqual(sourceFiles);
    expect(existsSync(path.join(target.dataDir, 'files'))).toBe(false);

    // And a backup taken from the bucket holds them, back to a disk.
    const fromBucket = path.join(tempDir(), 'do-bucket.backup');
    expect(
      (await runInProcess(runBackup, ['--out', fromBucket], { ...target.env, S3_URL: bucket.url })).code,
    ).toBe(0);
    const onDisk = await emptyTarget();
    expect((await runInProcess(runRestore, [fromBucket], onDisk.env)).code).toBe(0);
    expect(await fileHashes(diskStorage(path.join(onDisk.dataDir, 'files')))).toEqual(sourceFiles);
  });

  it('refuses a target that holds accounts unless --force; PGlite keeps the replaced directory', async () => {
    const target = await emptyTarget();
    expect((await runInProcess(runRestore, [backupFile], target.env)).code).toBe(0);
    const refused = await runInProcess(runRestore, [backupFile], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `O banco de destino já tem ${accounts()} conta(s): nada foi alterado. Para substituí-lo pelo backup, rode de novo com --force.\n`,
    );
    const forced = await runInProcess(runRestore, [backupFile, '--force'], target.env);
    expect(forced.code).toBe(0);
    if (TEST_ENGINE === 'pglite') {
      expect(forced.stdout).toMatch(/^O banco que havia antes foi guardado em .*db\.replaced-/);
      expect(readdirSync(target.dataDir).filter((name) => name.startsWith('db.replaced-'))).toHaveLength(1);
    }
    const database = await openTarget(target);
    try {
      await expectSameAsSource(database);
    } finally {
      await database.close();
    }
  });

  it('refuses a backup cut short or altered, and one of the other engine, touching nothing', async () => {
    const cut = path.join(tempDir(), 'cortado.backup');
    writeFileSync(cut, readFileSync(backupFile));
    truncateSync(cut, Math.floor(readFileSync(backupFile).length / 2));
    const altered = path.join(tempDir(), 'alterado.backup');
    // One byte of the PDF attachment changed: its entry no longer matches its checksum.
    const bytes = readFileSync(backupFile);
    const inPdf = bytes.indexOf('/Type/Catalog') + 1;
    expect(inPdf).toBeGreaterThan(0);
    bytes[inPdf] = (bytes[inPdf] ?? 0) ^ 0x20;
    writeFileSync(altered, bytes);

    for (const [file, message] of [
      [cut, /^.*cortado\.backup não pôde ser lido como backup do Pulso: /],
      [altered, /^O backup .*alterado\.backup está corrompido: files\/timeline\/[0-9a-f]+\.pdf difere\.\n$/],
    ] as const) {
      const target = await emptyTarget();
      const run = await runInProcess(runRestore, [file], target.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(existsSync(path.join(target.dataDir, 'db'))).toBe(false);
      expect(existsSync(path.join(target.dataDir, 'files'))).toBe(false);
    }

    const other = tempDir();
    const otherEnv: Record<string, string> =
      TEST_ENGINE === 'pglite'
        ? { DATA_DIR: other, DATABASE_URL: 'postgres://ninguem@127.0.0.1:1/nenhum' }
        : { DATA_DIR: other };
    const wrong = await runInProcess(runRestore, [backupFile], otherEnv);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^Este backup é de (PGlite \(o banco embutido\)|PostgreSQL) e o destino é/);
  });

  // PostgreSQL takes no lock of its own: backups run beside the nodes there.
  if (TEST_ENGINE === 'pglite') {
    it('waits for the embedded server to stop: its lock held, nothing is read', async () => {
      const target = await emptyTarget();
      expect((await runInProcess(runRestore, [backupFile], target.env)).code).toBe(0);
      const release = acquireDataDirLock(target.dataDir);
      try {
        const out = path.join(tempDir(), 'bloqueado.backup');
        const refused = await runInProcess(runBackup, ['--out', out], target.env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/não pode rodar ao mesmo tempo que ele/);
        expect(existsSync(out)).toBe(false);
        expect((await runInProcess(runRestore, [backupFile, '--force'], target.env)).code).toBe(1);
      } finally {
        release();
      }
    });
  }

  it('refuses to write over a file, and asks for --out', async () => {
    const target = await emptyTarget();
    expect((await runInProcess(runRestore, [backupFile], target.env)).code).toBe(0);
    const over = await runInProcess(runBackup, ['--out', backupFile], target.env);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe(`${backupFile} já existe: escolha outro nome para o backup.\n`);
    const missing = await runInProcess(runBackup, [], target.env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Informe onde gravar o backup: --out ARQUIVO/);
  });
});
