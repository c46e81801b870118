import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * A patient sets who may read their health data and timeline on /permissoes
 * (docs/authorization.md "Permissions screen": 'Permissões atualizadas com
 * sucesso'; "Who sees what through the code"), finds both kept after a reload,
 * and reads on 'Quem acessou meus dados' that a visitor opened their code.
 */

const UPDATED = 'Permissões atualizadas com sucesso';

/** Waits for the success message, then closes it so that the next save is seen afresh. */
async function expectUpdated(page: Page): Promise<void> {
  const message = page.getByRole('status').filter({ hasText: UPDATED });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'Fechar' }).click();
  await expect(message).toBeHidden();
}

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('a patient opens their data to anyone, turns the timeline on and sees a visitor in the access log', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Renata Gomes');
  await signInWithToken(page, patient.token);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Permissões' })
    .click();
  await expect(page).toHaveURL(/\/permissoes$/);
  // The menu closes behind the click (a drawer fading out over the page): axe must see the page alone.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Permissões' })).toBeVisible();
  await expect(page).toHaveTitle(/Permissões/);

  // One section per tab of the public view, and the defaults of a new account.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Dados de emergência',
    'Minha saúde',
    'Linha do tempo',
    'Telemedicina',
    'Avisos quando abrirem seu código',
    'Compartilhar resumo de saúde',
    'Histórico de consentimentos',
  ]);
  await expect(page.getByRole('radio', { name: 'Eu e meus médicos' })).toBeChecked();
  const timeline = page.getByRole('switch', { name: 'Permitir acesso à linha do tempo' });
  await expect(timeline).not.toBeChecked();
  await look(page, 'permissoes');

  // Clicked as a person does, then read back: the controls show the change once React has drawn it,
  // which under load can come after Playwright's own check() looks.
  const anyone = page.getByRole('radio', { name: 'Qualquer pessoa' });
  await anyone.click();
  await expect(anyone).toBeChecked();
  await expectUpdated(page);
  await expect(timeline).toHaveAttribute('aria-busy', 'false');
  await timeline.click();
  await expect(timeline).toBeChecked();
  await expectUpdated(page);
  await expect(page.getByText(/^Ativado: sua linha do tempo aparece/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Qualquer pessoa' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Eu e meus médicos' })).not.toBeChecked();
  await expect(timeline).toBeChecked();

  // A visitor (no token) opens the code: level 4 and the timeline on serve all three tabs.
  const opened = await request.get(`/api/code/${patient.code}`);
  expect(opened.status(), await opened.text()).toBe(200);
  expect((await opened.json()).acesso).toMatchObject({ saude: true, timeline: true });

  await page.getByRole('link', { name: 'Quem acessou meus dados' }).click();
  await expect(page).toHaveURL(/\/permissoes\/acessos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quem acessou meus dados' })).toBeVisible();
  await expect(page.getByText('1 acesso', { exact: true })).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.locator('time') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Visitante (sem conta)');
  const today = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
  }).format(new Date());
  await expect(row.locator('time')).toHaveText(new RegExp(`^${today} às \\d{2}:\\d{2}$`));
  await expect(row.getByRole('listitem')).toHaveText([
    'Dados de emergência',
    'Alergias, medicamentos e doenças na aba Emergência',
    'Minha saúde',
    'Linha do tempo',
  ]);
  await look(page, 'permissoes-acessos');

  await page.getByRole('link', { name: 'Voltar para Permissões' }).click();
  await expect(page).toHaveURL(/\/permissoes$/);

  // The consent history (docs/authorization.md "Consent history"): the two changes, newest first, then
  // the terms and the privacy policy accepted at registration.
  const history = page.getByRole('region', { name: 'Histórico de consentimentos' });
  await history.scrollIntoViewIfNeeded();
  await expect(history.getByRole('listitem')).toHaveCount(4);
  const entries = history.getByRole('listitem');
  await expect(entries.nth(0)).toContainText('Linha do tempo pelo código: ligada');
  await expect(entries.nth(1)).toContainText('Minha saúde visível para: Qualquer pessoa');
  await expect(history).toContainText(/Aceitou os Termos de uso \(versão de \d{2}\/\d{2}\/\d{4}\)/);
  await expect(history).toContainText(/Aceitou a Política de privacidade \(versão de \d{2}\/\d{2}\/\d{4}\)/);
  await expect(entries.nth(0).locator('time')).toHaveText(new RegExp(`^${today} às \\d{2}:\\d{2}$`));
  await look(page, 'permissoes-historico');
  expect(csp).toEqual([]);
});
