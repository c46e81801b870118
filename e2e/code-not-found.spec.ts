import { expect, test } from '@playwright/test';
import { formatCode } from '@pulso/domain';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { EMERGENCY, fillEmergencyData, registerPatient } from './support/patient-api.ts';

/**
 * A rescuer who mistypes a code (or reads a worn sticker wrong) is told the code was not found, keeps
 * the SAMU 192 and Bombeiros 193 calls, types the code again and reaches the patient's emergency data;
 * nothing on the way offers sign-up (docs/public-code-page.md).
 */
test('a mistyped code says it was not found, keeps 192/193, and the code typed again opens the patient', async ({
  page,
  request,
}) => {
  const patient = await registerPatient(request, 'Rita de Cássia Moura');
  await fillEmergencyData(request, patient.token);
  const csp = watchCspViolations(page);
  // One character off: the last digit of the patient's code changed.
  const last = patient.code.at(-1) === '9' ? '8' : '9';
  const mistyped = `${patient.code.slice(0, 7)}${last}`;

  const response = await page.goto(`/code/${mistyped}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Código não encontrado' })).toBeVisible();
  await expect(page.getByText(`Nenhum perfil Pulso tem o código ${formatCode(mistyped)}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Ligar SAMU\s+192/ })).toHaveAttribute('href', 'tel:192');
  await expect(page.getByRole('link', { name: /Ligar Bombeiros\s+193/ })).toHaveAttribute('href', 'tel:193');
  await expect(page.getByRole('link', { name: /Criar conta|Cadastr/ })).toHaveCount(0);
  await checkScreen(page, 'code-not-found');

  // Typed again as printed on the sticker, with its spaces, by keyboard.
  const field = page.getByLabel('Código do adesivo');
  await field.fill(formatCode(patient.code).toLowerCase());
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/code/${patient.code}$`));
  await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  await expect(page.getByText(EMERGENCY.contato).first()).toBeVisible();
  expect(csp).toEqual([]);
});
