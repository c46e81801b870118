import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkScreen, DESKTOP, PHONE } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import {
  type ApiPatient,
  fillEmergencyData,
  registerPatient,
  signInAs,
  signInWithToken,
} from './support/patient-api.ts';
import { PATIENTS } from './support/patients.ts';

/**
 * The health indicators (docs/indicators-and-score.md "Indicators", "Glucose";
 * docs/accounts.md "Trial and locked accounts"; issue 7 "Indicators"): a
 * patient logs blood pressure, BMI, oxygen and glucose by typing, reads
 * 'Dado inserido com sucesso!', and finds each reading in its history with its
 * label, next to the chart; glucose saved again for the same day and period
 * reads 'Dado atualizado com sucesso!'; a locked patient finds the entries
 * disabled with a way to /planos.
 */

const INSERTED = 'Dado inserido com sucesso!';
const UPDATED = 'Dado atualizado com sucesso!';
const LOCKED = 'Seu período gratuito de 1 mês terminou.';

/** Today in America/Sao_Paulo, `YYYY-MM-DD`, moved by `days`. */
function dayISO(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Saves a reading through the API (earlier days), so that the charts have a line to draw. */
async function seed(
  request: APIRequestContext,
  patient: ApiPatient,
  kind: string,
  data: Record<string, unknown>,
) {
  const res = await request.post(`/api/home/${kind}`, {
    headers: { Authorization: `Bearer ${patient.token}` },
    data,
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function look(page: Page, name: string): Promise<void> {
  // The success snackbar (fixed at the bottom, cleared after 5 s) would cover the table in a full-page shot.
  await expect(page.getByText(/^Dado (inserido|atualizado) com sucesso!$/)).toHaveCount(0, {
    timeout: 8_000,
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

/** The history's chart: an image named after the screen, with a drawn line. */
async function expectChart(page: Page, title: string) {
  const chart = page.getByRole('img', { name: new RegExp(`^${title}: \\d+ medi`) });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-line-curve').first()).toBeVisible();
  await expect(chart.locator('.recharts-reference-area-rect').first()).toBeVisible();
}

test('a patient logs the four indicators by typing and finds each in its history with label and chart', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Helena Duarte');
  await fillEmergencyData(request, patient.token); // height 1,78 m
  for (const [days, sis, dia] of [
    [-6, 118, 76],
    [-4, 134, 86],
    [-2, 142, 92],
  ] as const) {
    await seed(request, patient, 'pressao', {
      sis,
      dia,
      data_afericao: dayISO(days),
      time_afericao: '08:00',
    });
  }
  for (const [days, peso] of [
    [-20, 84],
    [-10, 82.5],
  ] as const) {
    await seed(request, patient, 'imc', { peso, data_afericao: dayISO(days), time_afericao: '07:00' });
  }
  for (const [days, saturacao] of [
    [-3, 93],
    [-1, 96],
  ] as const) {
    await seed(request, patient, 'oxigenacao', {
      saturacao,
      bpm: 70,
      data_afericao: dayISO(days),
      time_afericao: '09:00',
    });
  }
  for (const [days, value] of [
    [-5, 88],
    [-3, 131],
    [-1, 55],
  ] as const) {
    await seed(request, patient, 'glicose', {
      value,
      time_of_day: 1,
      data_afericao: dayISO(days),
      time_afericao: '07:00',
    });
  }
  await signInWithToken(page, patient.token);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Indicadores de saúde' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Indicadores de saúde' })).toBeVisible();
  await look(page, 'indicadores-hub');

  // Blood pressure: classified live, saved, in the history with its label.
  await page.getByRole('link', { name: 'Registrar pressão' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pressão arterial' })).toBeVisible();
  await page.getByRole('textbox', { name: /Sistólica/ }).pressSequentially('120');
  await page.getByRole('textbox', { name: /Diastólica/ }).pressSequentially('130');
  await expect(page.getByRole('alert')).toContainText(
    'ATENÇÃO! Diástolica não pode ser maior que a Sistólica',
  );
  await expect(page.getByRole('textbox', { name: /Sistólica/ })).toHaveValue('');
  await page.getByRole('textbox', { name: /Sistólica/ }).pressSequentially('128');
  await page.getByRole('textbox', { name: /Diastólica/ }).pressSequentially('82');
  await expect(page.getByText('128/82 mmHg')).toBeVisible();
  await expect(page.locator('form').getByText('Normal', { exact: true })).toBeVisible();
  await look(page, 'indicadores-pressao');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(INSERTED)).toBeVisible();
  await page.getByRole('link', { name: 'Ver histórico' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de pressão arterial' })).toBeVisible();
  const pressaoRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(pressaoRow).toContainText('128/82');
  await expect(pressaoRow).toContainText('Normal');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
  await expectChart(page, 'Histórico de pressão arterial');
  await look(page, 'indicadores-pressao-historico');

  // BMI: height from the profile, BMI live, the weight change after saving.
  await page.goto('/indicador/imc');
  await expect(page.getByText('1,78 m')).toBeVisible();
  await page.getByRole('textbox', { name: /Peso/ }).pressSequentially('80,5');
  await expect(page.locator('form').getByText('25,4')).toBeVisible();
  await expect(page.locator('form').getByText('Sobrepeso')).toBeVisible();
  await look(page, 'indicadores-imc');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(INSERTED)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Última medição salva' })).toContainText(
    'variação de peso: -2,0 kg',
  );
  await page.getByRole('link', { name: 'Ver histórico' }).click();
  const imcRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(imcRow).toContainText('80,5');
  await expect(imcRow).toContainText('25,4');
  await expect(imcRow).toContainText('Sobrepeso');
  await expectChart(page, 'Histórico de IMC');
  await look(page, 'indicadores-imc-historico');
  // On a phone the table is wider than the screen: the page says the columns on the right are a swipe away.
  const hint = page.getByText('Deslize a tabela para o lado para ver todas as colunas →');
  await page.setViewportSize(PHONE);
  await expect(hint).toBeVisible();
  const table = page.getByRole('region', { name: 'Tabela de medições' });
  await table.hover();
  await page.mouse.wheel(600, 0);
  await expect(table.getByRole('columnheader', { name: 'Variação' })).toBeInViewport();
  await page.setViewportSize(DESKTOP);
  await expect(hint).toHaveCount(0);

  // Oxygen.
  await page.goto('/indicador/oxigenacao');
  await page.getByRole('textbox', { name: /Saturação/ }).pressSequentially('98');
  await page.getByRole('textbox', { name: /Batimentos/ }).pressSequentially('74');
  await expect(page.locator('form').getByText('Normal', { exact: true })).toBeVisible();
  await look(page, 'indicadores-oxigenacao');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(INSERTED)).toBeVisible();
  await page.getByRole('link', { name: 'Ver histórico' }).click();
  const oxiRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(oxiRow).toContainText('98');
  await expect(oxiRow).toContainText('74');
  await expect(oxiRow).toContainText('Normal');
  await expectChart(page, 'Histórico de oxigenação');
  await look(page, 'indicadores-oxigenacao-historico');

  // Glucose: the value waits for a period; saved, then the same day and period again updates it.
  await page.goto('/indicador/glicose');
  await expect(page.getByText('Escolha o período antes de informar a glicose.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Glicose/ })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Abrir Minha saúde' })).toHaveAttribute('href', '/saude');
  await look(page, 'indicadores-glicose');
  await page.getByRole('combobox', { name: /Período/ }).selectOption({ label: 'Almoço' });
  await page.getByRole('textbox', { name: /Glicose/ }).pressSequentially('112');
  await expect(page.getByText('Sua glicose está alterada')).toBeVisible();
  await look(page, 'indicadores-glicose-preenchida');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(INSERTED)).toBeVisible();
  await page.getByRole('textbox', { name: /Glicose/ }).pressSequentially('97');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(UPDATED)).toBeVisible();
  await page.getByRole('link', { name: 'Ver histórico' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de glicose' })).toBeVisible();
  // One reading for today's lunch (updated, not a second one), plus the three seeded.
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
  const glicoseRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(glicoseRow).toContainText('Almoço');
  await expect(glicoseRow).toContainText('97');
  await expect(glicoseRow).toContainText('Normal');
  await expect(page.getByRole('table')).toContainText('Risco de diabetes');
  await expect(page.getByRole('table')).toContainText('Abaixo do normal');
  await expectChart(page, 'Histórico de glicose');
  await look(page, 'indicadores-glicose-historico');

  // Editing a row (PATCH) from the history.
  await glicoseRow.getByRole('button', { name: /^Editar 97 mg\/dL/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar medição de glicose' });
  await dialog.getByRole('textbox', { name: /Glicose/ }).fill('103');
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(UPDATED)).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Alterada');
  expect(csp).toEqual([]);
});

test('a patient whose free month ended finds the indicators disabled, with a way to /planos', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  // An account created two months ago (support/create-patients.ts): the server itself finds its free month over.
  const patient = await signInAs(request, PATIENTS.expiradaIndicadores);
  await signInWithToken(page, patient.token);
  await page.goto('/indicador');
  await expect(page.getByRole('heading', { level: 1, name: 'Indicadores de saúde' })).toBeVisible();
  await expect(page.getByText(LOCKED).first()).toBeVisible();
  for (const name of ['Registrar pressão', 'Registrar IMC', 'Registrar oxigenação', 'Registrar glicose']) {
    const button = page.getByRole('button', { name });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await button.click({ force: true });
    await expect(page).toHaveURL(/\/indicador$/);
  }
  await look(page, 'indicadores-bloqueado');
  await page.goto('/indicador/pressao');
  await expect(page.getByText(LOCKED)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Sistólica/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await page.getByRole('link', { name: 'Ver planos' }).click();
  await expect(page).toHaveURL(/\/planos$/);
  expect(csp).toEqual([]);
});
