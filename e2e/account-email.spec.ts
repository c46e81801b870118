import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { linkIn, waitForMail } from './support/outbox.ts';

/**
 * E-mail verification and password reset through the dev outbox (issue 3
 * "E-mail"; docs/accounts.md "E-mail verification"): a patient registers, sees
 * only the notice on /home, follows the mail's link and sees the cards; later
 * forgets the password, follows the reset mail and signs in with the new one.
 */

const patient = {
  name: 'Helena Costa',
  celular: '21987654321',
  email: `helena.costa.${Date.now()}@example.com`,
  password: 'senha-antiga-123',
  newPassword: 'senha-nova-456',
};

test.describe.configure({ mode: 'serial' });

/** `checkScreen` from the top of the page (the sticky header would land mid-picture otherwise). */
async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('a new account sees only the verify notice until it follows the mailed link', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);

  await page.goto('/register');
  await page.getByLabel('Nome e sobrenome').fill(patient.name);
  await page.getByLabel('Celular').pressSequentially(patient.celular);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(patient.email);
  await page.getByLabel('Senha', { exact: true }).fill(patient.password);
  await page.getByLabel('Confirme a senha').fill(patient.password);
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirme seu e-mail');
  await expect(page.getByText(patient.email, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Informações pessoais' })).toHaveCount(0);
  await expect(page.getByText(/^\d{3} [A-Z]{2} \d{3}$/)).toHaveCount(0);
  await look(page, 'home-verify-notice');

  const first = await waitForMail(request, patient.email, 'Confirme seu e-mail');
  expect(first.text).toContain('Olá, Helena!');
  await page.getByRole('button', { name: 'Reenviar e-mail' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Enviamos um novo e-mail de confirmação' }),
  ).toBeVisible();
  let second = first;
  await expect
    .poll(async () => {
      second = await waitForMail(request, patient.email, 'Confirme seu e-mail');
      return second.id;
    })
    .not.toBe(first.id);

  // The older link no longer works; the page says so.
  await page.clock.install();
  await page.goto(linkIn(first, '/email/verify/'));
  await expect(page.getByRole('alert')).toContainText(
    'Este link de confirmação é inválido, expirou ou já foi usado',
  );

  await page.goto(linkIn(second, '/email/verify/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmação de e-mail');
  await expect(page.getByText('E-mail confirmado com sucesso')).toBeVisible();
  await look(page, 'email-verified');
  await page.clock.runFor(3500);

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(patient.name);
  await expect(page.getByRole('region', { name: 'Informações pessoais' })).toBeVisible();

  expect(csp).toEqual([]);
});

test('forgot password: the mailed link sets a new password and the old one stops working', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const other = await request.post('/api/login', {
    data: { email: patient.email, password: patient.password },
  });
  expect(other.status()).toBe(200);
  const otherSession = { Authorization: `Bearer ${((await other.json()) as { token: string }).token}` };

  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(patient.email);
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Esqueci minha senha' });
  await expect(dialog.getByLabel('E-mail')).toHaveValue(patient.email);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Se este e-mail estiver cadastrado, enviaremos um link' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(request, patient.email, 'Redefinição de senha');
  expect(mail.text).toContain('60 minutos');
  await page.goto(linkIn(mail, '/password/reset/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redefinir senha');
  const email = page.getByLabel('E-mail', { exact: true });
  await expect(email).toHaveValue(patient.email);
  await expect(email).toHaveAttribute('readonly', '');

  const nova = page.getByLabel('Nova senha', { exact: true });
  const confirmacao = page.getByLabel('Confirme a nova senha', { exact: true });
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Este campo é obrigatório')).toHaveCount(2);
  await nova.fill(patient.newPassword);
  await confirmacao.fill('outra-coisa-789');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('As senhas devem ser iguais')).toBeVisible();
  await expect(confirmacao).toHaveValue('');
  await look(page, 'password-reset');

  await confirmacao.fill(patient.newPassword);
  await confirmacao.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Senha redefinida com sucesso' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Every session was revoked by the reset.
  expect((await request.get('/api/user', { headers: otherSession })).status()).toBe(401);

  await page.getByLabel('E-mail', { exact: true }).fill(patient.email);
  await page.getByLabel('Senha', { exact: true }).fill(patient.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const wrong = page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos' });
  await expect(wrong).toBeVisible();
  await wrong.getByRole('button', { name: 'Fechar' }).click();

  await page.getByLabel('Senha', { exact: true }).fill(patient.newPassword);
  await page.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(patient.name);

  // The link is single-use.
  await page.goto(linkIn(mail, '/password/reset/'));
  await page.getByLabel('Nova senha', { exact: true }).fill('mais-uma-senha-1');
  await page.getByLabel('Confirme a nova senha', { exact: true }).fill('mais-uma-senha-1');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Este link de redefinição é inválido' }),
  ).toBeVisible();

  expect(csp).toEqual([]);
});
