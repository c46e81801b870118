import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES, COMPANY_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/client.ts';
import { companies } from '../db/schema/index.ts';
import { acquireDataDirLock, LOCK_FILE } from '../lock.ts';
import { describeInvitation } from '../modules/empresas/empresas.service.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness.ts';
import { runInProcess, spawnCli, useDataDir } from '../test/run-cli.ts';
import { runCompanyCreate } from './company-create.ts';

/** The tool's file, run as its own process where the entry point matters (test/run-cli.ts). */
const CLI = path.join(import.meta.dirname, 'company-create.ts');
const LINK = /^https:\/\/pulso\.example\/registerCompany\/([A-Za-z0-9_-]{43})$/;
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulso-cli-'));
  dirs.push(dir);
  return dir;
}

const tokensOf = (stdout: string) =>
  stdout
    .split('\n')
    .map((line) => LINK.exec(line)?.[1])
    .filter((token): token is string => token !== undefined);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// PostgreSQL: a fresh database of the test harness (DATABASE_URL). PGlite: a fresh DATA_DIR per test.
let pg: TestApp | null = null;
beforeAll(async () => {
  if (TEST_ENGINE === 'postgres') pg = await createTestApp();
});
afterAll(async () => {
  await pg?.close();
});

/** Runs the tool in this process (test/run-cli.ts). */
const tool = (args: string[], env: Record<string, string>) => runInProcess(runCompanyCreate, args, env);

/** Where the tool writes: `DATA_DIR` (PGlite under it) or, on PostgreSQL, also `DATABASE_URL`. */
function target(): { env: Record<string, string>; dataDir: string } {
  const dataDir = tempDir();
  return {
    dataDir,
    env: { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.config.databaseUrl as string } : {}) },
  };
}

/** {@link target} on a data directory the server has already used (test/run-cli.ts `useDataDir`). */
async function usedTarget(): Promise<{ env: Record<string, string>; dataDir: string }> {
  const found = target();
  await useDataDir(found.dataDir);
  return found;
}

/** Opens what the tool wrote to, after it exited. */
async function inspect<T>(dataDir: string, read: (db: Db) => Promise<T>): Promise<T> {
  if (pg) return read(pg.database.db);
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

describe(`npm run company:create (${TEST_ENGINE})`, () => {
  it('migrates, creates the company and prints its id and one working link per line', async () => {
    const { dataDir, env } = target();
    const run = await spawnCli(
      CLI,
      ['--nome', 'Construtora Horizonte', '--cnpj', '11.222.333/0001-81', '--convites', '3', '--dias', '10'],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Empresa (\d+): Construtora Horizonte \(CNPJ 11\.222\.333\/0001-81\) — criada$/,
    );
    const companyId = /^Empresa (\d+)/.exec(lines[0] ?? '')?.[1] as string;
    expect(lines[1]).toMatch(/^3 convites válidos até \d{2}\/\d{2}\/\d{4}, um por pessoa:$/);
    const tokens = tokensOf(run.stdout);
    expect(tokens).toHaveLength(3);
    expect(lines).toHaveLength(5);
    // The lock was released: the server (or the next tool) may start.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // More invitations for the same company.
    const more = await tool(['--empresa', companyId, '--convites', '1'], env);
    expect(more.code).toBe(0);
    expect(more.stdout.split('\n')[0]).toBe(
      `Empresa ${companyId}: Construtora Horizonte (CNPJ 11.222.333/0001-81)`,
    );
    tokens.push(...tokensOf(more.stdout));
    expect(tokens).toHaveLength(4);

    await inspect(dataDir, async (db) => {
      for (const token of tokens) {
        expect(await describeInvitation(db, token)).toEqual({
          invitation: { company: { nome: 'Construtora Horizonte' } },
        });
      }
      await expect(describeInvitation(db, 'D'.repeat(43))).rejects.toMatchObject({
        statusCode: 404,
        message: AUTH_MESSAGES.invitationInvalid,
      });
      expect(
        await db.select().from(companies).where(eq(companies.nome, 'Construtora Horizonte')),
      ).toHaveLength(1);
    });
  }, 120_000);

  it(TEST_ENGINE === 'pglite'
    ? 'refuses with a clear pt-BR message while a live process (the server) holds the data lock'
    : 'ignores the data-dir lock on PostgreSQL, where API nodes and tools share the database', async () => {
    const { dataDir, env } = target();
    // This test process stands for the running server: it holds the data lock.
    const release = acquireDataDirLock(dataDir);
    const held = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
    const run = await spawnCli(CLI, ['--nome', 'Empresa Bloqueio', '--convites', '1'], env);
    // The holder keeps its lock either way.
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(held);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/em uso/);
    release();
    if (TEST_ENGINE === 'pglite') {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`está em uso por outro processo (pid ${process.pid} em `);
      expect(run.stderr).toContain('Pare o servidor');
      // Nothing was touched: no database was even opened.
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    } else {
      expect(run.code).toBe(0);
      expect(tokensOf(run.stdout)).toHaveLength(1);
    }
  }, 60_000);

  it('refuses an invalid CNPJ (exit 1, nothing created) and a wrong usage (exit 2)', async () => {
    const { dataDir, env } = await usedTarget();
    const bad = await tool(['--nome', 'Empresa CNPJ Errado', '--cnpj', '11222333000182'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(COMPANY_MESSAGES.cnpj);
    expect(tokensOf(bad.stdout)).toEqual([]);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const usage = await tool(['--convites', '2'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Informe --nome');

    await inspect(dataDir, async (db) => {
      expect(await db.select().from(companies).where(eq(companies.nome, 'Empresa CNPJ Errado'))).toHaveLength(
        0,
      );
    });
  }, 60_000);
});
