import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { type ApiPatient, fillEmergencyData, registerPatient } from './support/patient-api.ts';

/**
 * Terms and privacy pages opened from the registration form, then a
 * patient's settings: change the password (the other sessions end), close the
 * account, and see the public page of the code disappear (issue 3 "Terms and
 * privacy", "Settings"; docs/accounts.md "Settings").
 */

test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'nova-senha-forte-42';

/** `checkScreen` from the top of the page (a scrolled full-page shot paints the sticky header mid-picture). */
async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Signed in: the app's shell (its menu) is on screen, wherever the login sent the patient. */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
}

async function openMenuEntry(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole(name === 'Sair' ? 'button' : 'link', { name, exact: true }).click();
}

/** What a guest (a fresh browser, nothing stored) sees at /code/<code>. */
async function openCodeAsGuest(browser: Browser, baseURL: string, code: string) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const guest = await context.newPage();
  await guest.goto(`/code/${code}`);
  return { guest, close: () => context.close() };
}

test('the registration form opens the terms of use and the privacy policy', async ({ page, context }) => {
  const csp = watchCspViolations(page);
  await page.goto('/register');
  await page.getByLabel('Nome e sobrenome').fill('Lúcia Andrade');
  await page.getByLabel('Celular').pressSequentially('11987654321');
  await page.getByRole('button', { name: 'Próximo' }).click();

  const [termos] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /^Termos de uso/ }).click(),
  ]);
  const termosCsp = watchCspViolations(termos);
  await expect(termos).toHaveURL(/\/termos-de-uso$/);
  await expect(termos.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
  await expect(termos).toHaveTitle('Termos de uso · Pulso');
  await expect(termos.getByText('Última atualização: 22/11/2026')).toBeVisible();
  await expect(
    termos.getByRole('heading', { level: 2, name: '3. O QR code e o código de emergência' }),
  ).toBeVisible();
  await expect(termos.getByText(/Qualquer pessoa que tiver o seu código/)).toBeVisible();
  await expect(
    termos.getByRole('heading', { level: 2, name: '4. O Pulso não substitui atendimento médico' }),
  ).toBeVisible();
  await expect(termos.getByRole('heading', { level: 2, name: '11. Lei aplicável e foro' })).toBeVisible();
  await look(termos, 'termos');
  // The policy linked from the terms opens inside the app.
  await termos.getByRole('link', { name: 'Política de privacidade', exact: true }).click();
  await expect(termos).toHaveURL(/\/politica-de-privacidade$/);
  await expect(termos.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeVisible();
  expect(termosCsp).toEqual([]);
  await termos.close();

  const [politica] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /^Política de privacidade/ }).click(),
  ]);
  const politicaCsp = watchCspViolations(politica);
  await expect(politica).toHaveURL(/\/politica-de-privacidade$/);
  await expect(politica.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeVisible();
  for (const heading of [
    '1. Quem é o controlador',
    '4. Bases legais',
    '7. Por quanto tempo guardamos',
    '9. Seus direitos (art. 18 da LGPD)',
    '10. Crianças e adolescentes',
  ]) {
    await expect(politica.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(politica.getByText(/art\. 11, II, "e"/)).toBeVisible();
  await expect(politica.getByRole('link', { name: 'www.gov.br/anpd' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await expect(politica.getByRole('link', { name: 'privacidade@pulso.app.br' }).first()).toHaveAttribute(
    'href',
    'mailto:privacidade@pulso.app.br',
  );
  await look(politica, 'politica');
  expect(politicaCsp).toEqual([]);
  expect(csp).toEqual([]);
});

test.describe('a patient in /settings', () => {
  let patient: ApiPatient;

  test('changes the password: a wrong current one is refused, the new one signs in', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    patient = await registerPatient(request, 'Otávio Mendes');
    await fillEmergencyData(request, patient.token);
    const csp = watchCspViolations(page);

    await signIn(page, patient.email, patient.password);
    await expectSignedIn(page);
    await openMenuEntry(page, 'Configurações');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Alterar Senha' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Informe sua senha atual')).toBeVisible();
    await expect(page.getByText('Informe sua nova senha', { exact: true })).toBeVisible();
    await expect(page.getByText('Informe sua nova senha novamente')).toBeVisible();
    await look(page, 'settings-senha');

    await page.getByLabel('Senha atual').fill('nao-e-a-senha');
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByLabel('Senha atual')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Senha atual incorreta' })).toBeVisible();

    await page.getByLabel('Senha atual').fill(patient.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Senha alterada com sucesso' })).toBeVisible();
    await expect(page.getByLabel('Senha atual')).toHaveValue('');

    // The session the API opened at registration was another device: it has ended.
    const other = await request.get('/api/user', { headers: { Authorization: `Bearer ${patient.token}` } });
    expect(other.status()).toBe(401);
    // This one goes on.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();

    await openMenuEntry(page, 'Sair');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, patient.email, patient.password);
    await expect(page.getByText('E-mail ou senha incorretos').first()).toBeVisible();
    await signIn(page, patient.email, NEW_PASSWORD);
    await expectSignedIn(page);

    // Before closing, a guest holding the code sees the patient.
    const { guest, close } = await openCodeAsGuest(browser, baseURL as string, patient.code);
    await expect(guest.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
    await close();
    expect(csp).toEqual([]);
  });

  test('closes the account: back to /login, no sign-in, the code page is gone', async ({
    page,
    browser,
    baseURL,
  }) => {
    const csp = watchCspViolations(page);
    await signIn(page, patient.email, NEW_PASSWORD);
    await expectSignedIn(page);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Encerrar conta' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Encerrar conta' });
    await expect(panel.getByText(/Seus dados ficam guardados, não são apagados/)).toBeVisible();
    await look(page, 'settings-encerrar');

    await panel.getByRole('button', { name: 'Encerrar conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Encerrar sua conta?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/não conseguirá mais entrar/)).toBeVisible();
    await expect(dialog.getByText(/deixará de funcionar/)).toBeVisible();
    await checkScreen(page, 'settings-encerrar-dialogo');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/settings$/);

    await panel.getByRole('button', { name: 'Encerrar conta' }).click();
    // The password first: a wrong one is said under the field and nothing is closed.
    const password = dialog.getByLabel(/^Senha/);
    await password.fill('nao-e-a-minha-senha');
    await dialog.getByRole('button', { name: 'Encerrar minha conta' }).click();
    await expect(dialog.getByText('Senha incorreta')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await password.fill(NEW_PASSWORD);
    await password.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Sua conta foi encerrada.' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The right password of a closed account: told it was closed and where to write, not 'wrong password'.
    await signIn(page, patient.email, NEW_PASSWORD);
    await expect(
      page.getByText(/^Esta conta foi encerrada\. Para reabri-la ou tirar dúvidas, escreva para /).first(),
    ).toBeVisible();
    await expect(page.getByText('E-mail ou senha incorretos')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);

    const { guest, close } = await openCodeAsGuest(browser, baseURL as string, patient.code);
    await expect(guest.getByRole('heading', { level: 1, name: 'Código não encontrado' })).toBeVisible();
    await expect(guest.getByText(patient.name)).toHaveCount(0);
    await close();
    expect(csp).toEqual([]);
  });
});
