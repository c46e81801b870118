import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The doctor area's door (issue 6 "Doctors"; docs/telemedicine.md "Signing in":
 * doctors sign in at /medico): the login's Médico tab leads to /medico, a
 * patient's account is refused there with 'Esta conta não é de um médico.' and
 * can sign out, and a doctor made with `npm run medico:create` signs in and
 * lands on the area's home.
 */

const medico = DOCTORS.acesso;

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Entrar como médico' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByLabel('Senha', { exact: true }).press('Enter');
}

test("a patient's account is refused at /medico, then a doctor signs in", async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Sofia Almeida');

  await page.goto('/login');
  await page.getByRole('tab', { name: 'Médico' }).click();
  await page.getByRole('link', { name: 'Ir para a área do médico' }).click();
  await expect(page).toHaveURL(/\/medico$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Área do médico' })).toBeVisible();
  await expect(page).toHaveTitle('Área do médico · Pulso');
  await look(page, 'medico-entrar');

  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe seu e-mail')).toBeVisible();

  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('alert')).toContainText('Esta conta não é de um médico.');
  await expect(page.getByRole('navigation', { name: 'Área do médico' })).toHaveCount(0);
  await look(page, 'medico-nao-medico');

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('form', { name: 'Entrar como médico' })).toBeVisible();
  await expect(page).toHaveURL(/\/medico$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signIn(page, medico.email, medico.password);
  await expect(page.getByRole('heading', { level: 1, name: `Olá, ${medico.name}` })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Área do médico' });
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Início');
  // A new doctor starts offline (the tool's default), said in words.
  await expect(page.getByRole('radio', { name: 'Offline' })).toBeChecked();
  await expect(page.getByText('Seu status agora: Offline.')).toBeVisible();
  const resumo = page.getByRole('region', { name: 'Resumo' });
  await expect(resumo.getByRole('link')).toHaveText([
    /^0Solicitações pendentes/,
    /^0Atendimentos em andamento/,
    /^0Mensagens não lidas/,
  ]);
  await look(page, 'medico-inicio');

  // The navigation works from the keyboard.
  await nav.getByRole('link', { name: 'Início' }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Solicitações' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/medico\/solicitacoes$/);
  await expect(page.getByText('Nenhuma solicitação pendente.')).toBeVisible();

  // Signed out, the address keeps the doctor sign-in.
  await nav.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/medico$/);
  await expect(page.getByRole('form', { name: 'Entrar como médico' })).toBeVisible();
  expect(csp).toEqual([]);
});

test('a signed-in patient who opens /medico is told so and goes back to their home', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Tiago Nunes');
  await signInWithToken(page, patient.token);
  await page.goto('/medico/passes');
  await expect(page.getByRole('alert')).toContainText('Esta conta não é de um médico.');
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation', { name: 'Seções' })).toBeVisible();
  expect(csp).toEqual([]);
});
