import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { registerPatient } from './support/patient-api.ts';
import { STAFF } from './support/staff.ts';

/**
 * The admin area's door (issue 9 "Access": its own login and shell at /admin;
 * the first admin made by `npm run admin:create`): a patient's account is
 * refused with 'Esta conta não é da equipe do Pulso.' and can sign out; the
 * admin signs in, reads the dashboard and the audit log; support sees only
 * its own sections.
 */

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Entrar na administração' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByLabel('Senha', { exact: true }).press('Enter');
}

test("a patient's account is refused at /admin, then staff sign in to the dashboard", async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Lucas Prado');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração do Pulso' })).toBeVisible();
  await expect(page).toHaveTitle('Administração do Pulso · Pulso');
  await checkScreen(page, 'admin-entrar');

  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('alert')).toContainText('Esta conta não é da equipe do Pulso.');
  await checkScreen(page, 'admin-nao-equipe');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('form', { name: 'Entrar na administração' })).toBeVisible();

  await signIn(page, STAFF.admin.email, STAFF.admin.password);
  const nav = page.getByRole('navigation', { name: 'Área administrativa' });
  await expect(nav.getByRole('link', { name: 'Auditoria' })).toBeVisible();
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Painel');
  // The patient who just registered is counted, and the week's chart says so in words.
  const pacientes = page.getByText('Pacientes', { exact: true }).locator('..');
  await expect(pacientes).not.toContainText(/^0/);
  await expect(page.getByRole('img', { name: /Cadastros de pacientes por semana/ })).toBeVisible();
  await checkScreen(page, 'admin-painel');

  await nav.getByRole('link', { name: 'Auditoria' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  await expect(page.getByText('Nenhuma ação registrada.')).toBeVisible();
  await checkScreen(page, 'admin-auditoria');

  // On a phone the sections fold behind the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await nav.getByRole('link', { name: 'Painel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await nav.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('form', { name: 'Entrar na administração' })).toBeVisible();

  // Support: the dashboard, orders, reports and doctors; no audit log.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, STAFF.suporte.email, STAFF.suporte.password);
  await expect(page.getByText('Sérgio Suporte · Suporte')).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Painel', 'Pedidos de adesivos', 'Médicos', 'Denúncias']);
  await page.goto('/admin/auditoria');
  await expect(page.getByRole('alert')).toContainText('Seu perfil de suporte não permite esta ação.');
  await expect(nav.getByRole('link', { name: 'Auditoria' })).toHaveCount(0);
  expect(csp).toEqual([]);
});
