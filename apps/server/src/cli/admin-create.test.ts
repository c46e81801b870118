import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PASSWORD_MESSAGES, passwordProblem } from '@pulso/domain/password-strength';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { staff, users } from '../db/schema/index.ts';
import { createPatient } from '../test/factories.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness.ts';
import { runAdminCreate } from './admin-create.ts';

/**
 * `npm run admin:create` (issue 9 "Access"): the first admin, made on the
 * server's own database (PGlite in DATA_DIR, or DATABASE_URL), signs in
 * through `POST /api/login` and opens the admin area.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function run(args: string[], env: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await runAdminCreate(
    args,
    { PUBLIC_ORIGIN: 'https://pulso.example', LOG_LEVEL: 'silent', ...env },
    (l) => lines.push(l),
    (l) => lines.push(l),
  );
  return { code, text: lines.join('\n') };
}

const on = (): Record<string, string> =>
  TEST_ENGINE === 'postgres'
    ? { DATABASE_URL: t.config.databaseUrl as string, DATA_DIR: t.dataDir }
    : { DATA_DIR: t.dataDir };

describe(`npm run admin:create (${TEST_ENGINE})`, () => {
  it('refuses wrong options before touching the database (exit 2)', async () => {
    const bad = await run(['--email', 'nao-e-email', '--password', '123', '--role', 'chefe']);
    expect(bad.code).toBe(2);
    expect(bad.text).toContain('--name:');
    expect(bad.text).toContain('--email:');
    expect(bad.text).toContain('--password:');
    expect(bad.text).toContain('--role: "chefe" não é um perfil');
    expect((await run(['--nope'])).code).toBe(2);
  });

  it('refuses a weak password and one holding the name or e-mail (exit 2)', async () => {
    const weak = await run(['--name', 'Ana Admin', '--email', 'ana@pulso.example', '--password', '12345678']);
    expect(weak.code).toBe(2);
    expect(weak.text).toContain(`--password: ${passwordProblem('12345678')}`);
    const mine = await run([
      '--name',
      'Ana Admin',
      '--email',
      'ana@pulso.example',
      '--password',
      'admin-da-pulso-1',
    ]);
    expect(mine.code).toBe(2);
    expect(mine.text).toContain(`--password: ${PASSWORD_MESSAGES.personal}`);
  });

  it('creates an admin on an empty data directory that signs in and opens the admin area', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-admin-'));
    dirs.push(dataDir);
    const env = TEST_ENGINE === 'postgres' ? on() : { DATA_DIR: dataDir };
    const made = await run(
      ['--name', 'Ana Admin', '--email', 'Ana@Pulso.Example', '--password', 'senha-forte-1'],
      env,
    );
    expect(made.code, made.text).toBe(0);
    expect(made.text).toContain('https://pulso.example/admin');
    if (TEST_ENGINE === 'pglite') {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      const [row] = await database.db
        .select({ role: staff.role, email: users.email })
        .from(staff)
        .innerJoin(users, eq(users.id, staff.user_id));
      await database.close();
      expect(row).toEqual({ role: 'admin', email: 'ana@pulso.example' });
      return;
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ana@pulso.example', password: 'senha-forte-1' },
    });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(me.json()).toMatchObject({ role: 'admin', user: { name: 'Ana Admin' } });
  });

  it('refuses an e-mail that already has an account (exit 1): no patient record becomes a staff login', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-admin-'));
    dirs.push(dataDir);
    const env = TEST_ENGINE === 'postgres' ? on() : { DATA_DIR: dataDir };
    const email = TEST_ENGINE === 'postgres' ? (await createPatient(t.app)).user.email : 'bia@pulso.example';
    if (TEST_ENGINE === 'pglite') {
      // The embedded database holds the first account with that e-mail.
      expect((await run(['--name', 'Bia', '--email', email, '--password', 'senha-forte-1'], env)).code).toBe(
        0,
      );
    }
    const taken = await run(
      ['--name', 'Outra', '--email', email, '--password', 'senha-forte-1', '--role', 'support'],
      env,
    );
    expect(taken.code).toBe(1);
    expect(taken.text).toContain(`Já existe uma conta com o e-mail ${email}`);
  });
});
