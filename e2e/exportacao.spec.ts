import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { waitForMail } from './support/outbox.ts';
import { fillEmergencyData, fillSaude, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * "Baixar meus dados" on /settings (docs/data-export.md): the patient prepares the ZIP, sees it ready,
 * downloads it, and the file holds dados.json with their data, resumo.pdf, and the mail points to /settings.
 */
test('a patient prepares and downloads all their data as a ZIP', async ({ page, request }, testInfo) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Rosângela Prates');
  await fillEmergencyData(request, patient.token);
  await fillSaude(request, patient.token, { alergias: 'Dipirona', medicamentos: 'Levotiroxina 50 mcg' });
  await signInWithToken(page, patient.token);

  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Baixar meus dados' });
  await expect(panel).toBeVisible();
  const preparar = panel.getByRole('button', { name: 'Preparar meus dados' });
  await expect(preparar).toBeEnabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'exportacao-inicio');

  await preparar.click();
  const baixar = panel.getByRole('button', {
    name: /^Baixar \(válido até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\)$/,
  });
  await expect(baixar).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText(/Seu arquivo está pronto \(\d+ KB\)/)).toBeVisible();
  await baixar.scrollIntoViewIfNeeded();
  await checkScreen(page, 'exportacao-pronto');

  const [download] = await Promise.all([page.waitForEvent('download'), baixar.click()]);
  expect(download.suggestedFilename()).toMatch(/^pulso-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = testInfo.outputPath('dados.zip');
  await download.saveAs(file);
  const zip = unzipSync(new Uint8Array(readFileSync(file)));
  const dados = JSON.parse(Buffer.from(zip['dados.json'] ?? []).toString('utf8'));
  expect(dados).toMatchObject({
    formato: 'pulso-dados',
    usuario: { email: patient.email, code: patient.code, alergias: 'Dipirona' },
  });
  expect(JSON.stringify(dados)).not.toContain('password_hash');
  expect(
    Buffer.from(zip['resumo.pdf'] ?? [])
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  const mail = await waitForMail(request, patient.email, 'Seus dados estão prontos');
  expect(mail.text).toContain('/settings');
  expect(mail.text).not.toContain('Dipirona');
  expect(csp).toEqual([]);
});
