import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { fillEmergencyData, registerPatient, signInWithForm } from './support/patient-api.ts';

/**
 * "Excluir minha conta e meus dados" (docs/account-deletion.md): the patient asks the deletion with the password
 * and the word EXCLUIR typed, is signed out, the code stops answering; signing in again within the 7 days
 * cancels the deletion, says so, and everything is back.
 */

/** `checkScreen` from the top of the page (a scrolled full-page shot paints the sticky header mid-picture). */
async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('asks the deletion, is signed out, signs in again and the deletion is cancelled', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const patient = await registerPatient(request, 'Rosa Tavares');
  await fillEmergencyData(request, patient.token);
  const csp = watchCspViolations(page);
  await signInWithForm(page, patient);
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Excluir conta' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Excluir conta' });
  await expect(panel.getByText(/Depois de 7 dias, apagamos/)).toBeVisible();
  await expect(panel.getByText(/Guardamos só o que a lei exige/)).toBeVisible();
  await look(page, 'exclusao-conta-aba');

  // Keyboard: the button opens the dialog, the password field takes the focus.
  await panel.getByRole('button', { name: 'Excluir minha conta e meus dados' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Excluir sua conta e seus dados?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel(/^Senha/);
  await expect(password).toBeFocused();
  await dialog.getByRole('button', { name: 'Excluir minha conta', exact: true }).click();
  await expect(dialog.getByText('Informe sua senha para excluir a conta')).toBeVisible();
  await expect(dialog.getByText('Digite EXCLUIR para confirmar a exclusão')).toBeVisible();
  await checkScreen(page, 'exclusao-conta-dialogo-erros');

  // A wrong password is said under the field and nothing happens.
  await password.fill('nao-e-a-minha-senha');
  const confirmacao = dialog.getByLabel(/^Para confirmar, digite EXCLUIR/);
  await confirmacao.fill('EXCLUIR');
  await dialog.getByRole('button', { name: 'Excluir minha conta', exact: true }).click();
  await expect(dialog.getByText('Senha incorreta')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await password.fill(patient.password);
  await confirmacao.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  const requested = page
    .getByRole('status')
    .filter({ hasText: /Sua conta foi desativada e os seus dados serão excluídos em \d\d\/\d\d\/\d{4}/ });
  await expect(requested).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await checkScreen(page, 'exclusao-conta-pedida');

  // The code no longer answers.
  const context = await browser.newContext({ baseURL: baseURL as string, locale: 'pt-BR' });
  const guest = await context.newPage();
  await guest.goto(`/code/${patient.code}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Código não encontrado' })).toBeVisible();
  await context.close();

  // Signing in again within the 7 days cancels the deletion and says so.
  await page.getByLabel('E-mail', { exact: true }).fill(patient.email);
  await page.getByLabel('Senha', { exact: true }).fill(patient.password);
  await page.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'A exclusão da sua conta foi cancelada.' }),
  ).toBeVisible();
  await checkScreen(page, 'exclusao-conta-cancelada');
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/user', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.json();
  });
  expect(me.user.name).toBe('Rosa Tavares');
  const back = await request.get(`/api/code/${patient.code}`);
  expect(back.status()).toBe(200);
  expect(csp).toEqual([]);
});
