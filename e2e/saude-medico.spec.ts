import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * A patient chooses their doctor among registered doctors
 * (docs/health-record.md "Choosing a doctor", "Hospital information": CRM and
 * specialty are disabled when a registered doctor is chosen; issue 4). The
 * server runs with the demo doctors seeded (`SEED_DEMO`, on outside
 * production): José Ricardo Albuquerque, CRM/PE 21457, Ortopedia e
 * Traumatologia.
 */

const DOCTOR = 'José Ricardo Albuquerque';
const CRM = 'CRM/PE 21457';
const SPECIALTY = 'Ortopedia e Traumatologia';

/** One value of a card in view mode: the `<dd>` after the `<dt>` with this label. */
function shown(region: Locator, label: string): Locator {
  return region
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function editHospitalar(page: Page) {
  const card = page.getByRole('region', { name: 'Informações hospitalares' });
  await card.getByRole('button', { name: /^Editar/ }).click();
  return {
    card,
    medico: card.getByRole('combobox', { name: 'Médico' }),
    crm: card.getByLabel('CRM do médico'),
    especialidade: card.getByLabel('Especialidade do médico'),
  };
}

test('a patient picks a registered doctor with the keyboard and keeps them after a reload', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Rita Moraes');
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);
  await page.goto('/saude');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha saúde' })).toBeVisible();

  const { card, medico, crm, especialidade } = await editHospitalar(page);
  await expect(crm).toBeEnabled();
  // Part of the name, without the accent: the server ignores accents and case.
  await medico.pressSequentially('jose ric');
  const option = page.getByRole('option', { name: new RegExp(DOCTOR) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(`${CRM} · ${SPECIALTY}`);
  await expect(medico).toHaveAttribute('aria-expanded', 'true');
  await checkScreen(page, 'saude-medico-options');

  await medico.press('ArrowDown');
  await expect(medico).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await medico.press('Enter');

  await expect(medico).toHaveValue(DOCTOR);
  await expect(medico).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(crm).toHaveValue(CRM);
  await expect(crm).toBeDisabled();
  await expect(especialidade).toHaveValue(SPECIALTY);
  await expect(especialidade).toBeDisabled();
  await expect(card.getByText('Preenchido pelo cadastro do médico')).toHaveCount(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'saude-medico-chosen');

  await card.getByRole('button', { name: 'Salvar' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Salvo com sucesso' });
  await expect(saved).toBeVisible();
  await expect(shown(card, 'Médico')).toHaveText(DOCTOR);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha saúde' })).toBeVisible();
  await expect(shown(card, 'Médico')).toHaveText(DOCTOR);
  await expect(shown(card, 'CRM do médico')).toHaveText(CRM);
  await expect(shown(card, 'Especialidade do médico')).toHaveText(SPECIALTY);

  // Editing again: the doctor is still the registered one, CRM and specialty still locked.
  const again = await editHospitalar(page);
  await expect(again.medico).toHaveValue(DOCTOR);
  await expect(again.crm).toBeDisabled();
  await expect(again.especialidade).toBeDisabled();
  // Typing another name goes back to free text.
  await again.medico.fill('Dra. Paula Lima');
  await expect(again.crm).toBeEnabled();
  await expect(again.crm).toHaveValue('');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.getByText('Nenhum médico encontrado')).toBeVisible();
  await again.card.getByRole('button', { name: 'Cancelar' }).click();
  await expect(shown(card, 'CRM do médico')).toHaveText(CRM);
  expect(csp).toEqual([]);
});
