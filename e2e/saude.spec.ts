import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * A patient fills in 'Minha saúde' card by card (docs/health-record.md "My
 * Health"; issue 4 "My Health"), sees 'Salvo com sucesso', reloads and finds
 * everything saved.
 */

/** A card of /saude by its title. */
function card(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** One value of a card in view mode: the `<dd>` after the `<dt>` with this label. */
function shown(region: Locator, label: string): Locator {
  return region
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Waits for 'Salvo com sucesso', then closes the snackbar so that the next save is seen afresh. */
async function expectSaved(page: Page, region: Locator): Promise<void> {
  const message = page.getByRole('status').filter({ hasText: 'Salvo com sucesso' });
  await expect(message).toBeVisible();
  await expect(region.getByRole('button', { name: /^Editar/ })).toBeFocused();
  await message.getByRole('button', { name: 'Fechar' }).click();
  await expect(message).toBeHidden();
}

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('a patient fills in My Health and finds it after a reload', async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Marina Alves');
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);

  await page.goto('/saude');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha saúde' })).toBeVisible();
  await expect(page).toHaveTitle(/Minha saúde/);

  // Informações de saúde
  const saude = card(page, 'Informações de saúde');
  await saude.getByRole('button', { name: /^Editar/ }).click();
  await saude.getByLabel('Alergias').fill('Penicilina');
  await saude.getByLabel('Problemas de saúde').fill('Hipertensão');
  await saude.getByLabel('Medicamentos em uso').fill('Losartana 50 mg pela manhã');
  await saude.getByLabel('Tratamento em andamento').fill('Fisioterapia no joelho');
  await saude.getByLabel('Próteses').fill('Prótese dentária superior');
  const sus = saude.getByLabel(/Cartão Nacional de Saúde/);
  await sus.pressSequentially('123456789012345');
  await expect(sus).toHaveValue('123 4567 8901 2345');
  await saude.getByRole('button', { name: 'Salvar' }).click();
  await expect(saude.getByText('Informe um número do SUS válido')).toBeVisible();
  await sus.fill('');
  await sus.pressSequentially('700000000000005');
  await expect(sus).toHaveValue('700 0000 0000 0005');
  await look(page, 'saude-edit');
  await saude.getByRole('button', { name: 'Salvar' }).click();
  await expectSaved(page, saude);
  await expect(shown(saude, 'Cartão Nacional de Saúde (SUS)')).toHaveText('700 0000 0000 0005');

  // Informações hospitalares
  const hospitalar = card(page, 'Informações hospitalares');
  await hospitalar.getByRole('button', { name: /^Editar/ }).click();
  await hospitalar.getByLabel('Convênio / empresa').fill('Unimed Paulistana');
  await hospitalar.getByLabel(/Número do convênio/).fill('0012345678');
  await hospitalar.getByLabel('Hospital de preferência').fill('Hospital das Clínicas');
  await hospitalar.getByRole('combobox', { name: 'Médico' }).fill('Dra. Paula Lima');
  await hospitalar.getByLabel('CRM do médico').fill('123456/SP');
  await hospitalar.getByLabel('Especialidade do médico').fill('Cardiologia');
  await hospitalar.getByRole('button', { name: 'Salvar' }).click();
  await expectSaved(page, hospitalar);

  // Outras informações
  const outras = card(page, 'Outras informações');
  await outras.getByRole('button', { name: /^Editar/ }).click();
  await outras.getByRole('combobox', { name: 'Doador de órgãos', exact: true }).click();
  await page.getByRole('option', { name: 'Sim', exact: true }).click();
  await outras.getByLabel('Informações adicionais').fill('Uso lentes de contato');
  await outras.getByRole('button', { name: 'Salvar' }).click();
  await expectSaved(page, outras);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha saúde' })).toBeVisible();
  const expected: [Locator, string, string][] = [
    [saude, 'Alergias', 'Penicilina'],
    [saude, 'Problemas de saúde', 'Hipertensão'],
    [saude, 'Medicamentos em uso', 'Losartana 50 mg pela manhã'],
    [saude, 'Tratamento em andamento', 'Fisioterapia no joelho'],
    [saude, 'Próteses', 'Prótese dentária superior'],
    [saude, 'Cartão Nacional de Saúde (SUS)', '700 0000 0000 0005'],
    [hospitalar, 'Convênio / empresa', 'Unimed Paulistana'],
    [hospitalar, 'Número do convênio', '0012345678'],
    [hospitalar, 'Hospital de preferência', 'Hospital das Clínicas'],
    [hospitalar, 'Médico', 'Dra. Paula Lima'],
    [hospitalar, 'CRM do médico', '123456/SP'],
    [hospitalar, 'Especialidade do médico', 'Cardiologia'],
    [outras, 'Doador de órgãos', 'Sim'],
    [outras, 'Informações adicionais', 'Uso lentes de contato'],
  ];
  for (const [region, label, value] of expected) await expect(shown(region, label)).toHaveText(value);
  // No disease was marked, so the read-only 'Doenças' card names none (docs/health-record.md "Diseases").
  await expect(page.getByText('Diabetes')).toHaveCount(0);
  await look(page, 'saude-view');
  expect(csp).toEqual([]);
});

test("a patient with diabetes marks it on My Health, and the glucose screen then follows a diabetic's targets", async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Otávio Siqueira');
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);

  // Before: 150 mg/dL reads as a risk, and the screen asks to mark 'Diabetes' on My Health.
  await page.goto('/indicador/glicose');
  await page.getByRole('combobox', { name: /Período/ }).selectOption({ label: 'Almoço' });
  await page.getByRole('textbox', { name: /Glicose/ }).pressSequentially('150');
  await expect(page.getByText('Risco de diabetes', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Marque "Diabetes" em Minha saúde/)).toBeVisible();

  await page.goto('/saude');
  const doencas = card(page, 'Doenças');
  await expect(doencas.getByText('Nenhuma doença marcada.')).toBeVisible();
  await doencas.getByRole('button', { name: /^Editar/ }).click();
  const diabetes = doencas.getByRole('checkbox', { name: 'Diabetes', exact: true });
  await diabetes.focus();
  await page.keyboard.press('Space');
  await expect(diabetes).toBeChecked();
  await look(page, 'saude-doencas');
  await doencas.getByRole('button', { name: 'Salvar' }).click();
  await expectSaved(page, doencas);
  await expect(doencas.getByRole('list', { name: 'Doenças marcadas' })).toHaveText('Diabetes');

  // After: the same value is within a diabetic's target, and the request to mark it is gone.
  await page.goto('/indicador/glicose');
  await page.getByRole('combobox', { name: /Período/ }).selectOption({ label: 'Almoço' });
  await page.getByRole('textbox', { name: /Glicose/ }).pressSequentially('150');
  await expect(page.getByText('Sua glicose está normal')).toBeVisible();
  await expect(page.getByText(/Marque "Diabetes" em Minha saúde/)).toHaveCount(0);
  await page.goto('/saude');
  await expect(card(page, 'Doenças').getByRole('list', { name: 'Doenças marcadas' })).toHaveText('Diabetes');
  expect(csp).toEqual([]);
});
