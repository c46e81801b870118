import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';

/**
 * Corporate invitations (issue 3; docs/accounts.md "Corporate accounts"): a company
 * and its invitation are made with `npm run company:create`, an employee
 * opens the link, sees the company's name, registers through the two steps
 * and lands in the app with an `empresarial` account; the used link then
 * shows that the invitation is no longer valid.
 *
 * The tool works on the embedded database only while no server runs
 * (docs/operations-and-faults.md "The data-directory lock": the server holds it). So
 * this file runs its own server: the tool writes to a fresh DATA_DIR first, then the
 * server starts on it (the shared server of playwright.config.ts is not used here).
 */

const SERVER_DIR = path.join(import.meta.dirname, '..', 'apps', 'server');
const COMPANY = 'Construtora Horizonte';
const employee = {
  name: 'Bruno Almeida',
  celular: '11976543210',
  email: `bruno.almeida.${Date.now()}@horizonte.example`,
  password: 'segredo-forte-123',
};

let dataDir = '';
let origin = '';
let link = '';
let server: ChildProcess | null = null;

/** A free loopback port for this file's server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs `npm run company:create -- …args` (what the script runs) on this file's DATA_DIR. */
function companyCreate(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/company-create.ts', ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PUBLIC_ORIGIN: origin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'pulso-e2e-company-'));
  const port = await freePort();
  origin = `http://localhost:${port}`;

  const created = await companyCreate(['--nome', COMPANY, '--convites', '1', '--dias', '30']);
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  expect(created.stdout).toMatch(new RegExp(`^Empresa \\d+: ${COMPANY} — criada$`, 'm'));
  link = created.stdout.split('\n').find((line) => line.startsWith(`${origin}/registerCompany/`)) ?? '';
  expect(link).toMatch(/\/registerCompany\/[A-Za-z0-9_-]{43}$/);

  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMIT_AUTH_PER_MINUTE: '500',
      RATE_LIMIT_CODE_PER_MINUTE: '500',
      RATE_LIMIT_LOGIN_FAILURES: '500',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`${origin}/api/health`, 120_000);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('while the server runs, the tool refuses to touch its embedded database', async () => {
  const second = await companyCreate(['--nome', 'Outra Empresa', '--convites', '1']);
  expect(second.code).toBe(1);
  expect(second.stdout).toBe('');
  expect(second.stderr).toMatch(/está em uso por outro processo \(pid \d+ /);
  expect(second.stderr).toContain('Pare o servidor');
});

test("an employee opens the invitation, sees the company's name and gets an empresarial account", async ({
  page,
  browser,
}) => {
  const csp = watchCspViolations(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Criar conta empresarial');
  await expect(page.getByText(`Convite de ${COMPANY}`)).toBeVisible();
  await expect(page.getByText(`Sua conta será empresarial, vinculada à empresa ${COMPANY}.`)).toBeVisible();
  await checkScreen(page, 'company-invitation');

  await page.getByLabel('Nome e sobrenome').fill(employee.name);
  await page.getByLabel('Celular').pressSequentially(employee.celular);
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 97654 3210');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(employee.email);
  await page.getByLabel('Senha', { exact: true }).fill(employee.password);
  await page.getByLabel('Confirme a senha').fill(employee.password);
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // In the app (until the e-mail is confirmed /home shows the notice; account-email.spec.ts).
  await expect(page).toHaveURL(`${origin}/home`);
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();

  const me = await page.evaluate(async () => {
    const res = await fetch('/api/user', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await res.json()) as { user: { email: string; empresarial: boolean } };
  });
  expect(me.user).toMatchObject({ email: employee.email, empresarial: true });

  // Someone else opens the same link: the invitation is used up.
  const other = await browser.newContext({ locale: 'pt-BR' });
  const second = await other.newPage();
  const secondCsp = watchCspViolations(second);
  await second.goto(link);
  await expect(second.getByRole('alert')).toContainText(
    'Este convite é inválido, expirou ou já foi usado. Peça um novo convite à sua empresa.',
  );
  await expect(second.getByText('Convite inválido')).toBeVisible();
  await expect(second.getByLabel('Nome e sobrenome')).toHaveCount(0);
  await expect(second.getByText(COMPANY)).toHaveCount(0);
  await checkScreen(second, 'company-invitation-invalid');
  await second.getByRole('link', { name: 'Criar conta sem convite' }).click();
  await expect(second).toHaveURL(`${origin}/register`);
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Criar conta');
  await expect(second.getByLabel('Nome e sobrenome')).toBeVisible();
  await other.close();

  expect(csp).toEqual([]);
  expect(secondCsp).toEqual([]);
});
