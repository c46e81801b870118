import { expect, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { requestCare, signInDoctor } from './support/medico-api.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * Passes (docs/telemedicine.md "Passes"): a doctor reads what a pass is, issues
 * one ('Passe gerado'), copies it as shown (`ABCD-EF23`), a patient pays a
 * request with it, and the doctor's list shows it used, when and by whom; a
 * second use is refused.
 */

const medico = DOCTORS.passes;

test('a doctor issues and copies a pass, and sees it used by a patient', async ({
  page,
  context,
  request,
}) => {
  const csp = watchCspViolations(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token, id } = await signInDoctor(request, medico);

  await signInWithToken(page, token);
  await page.goto('/medico');
  await page
    .getByRole('navigation', { name: 'Área do médico' })
    .getByRole('link', { name: 'Passes' })
    .click();
  await expect(page).toHaveURL(/\/medico\/passes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Passes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'O que é um passe?' })).toContainText('um único pedido');
  await expect(page.getByText('Você ainda não gerou nenhum passe.')).toBeVisible();

  await page.getByRole('button', { name: 'Gerar passe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passe gerado' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Seus passes' }).getByRole('listitem');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Disponível');
  // The pass alphabet has no 0/O, 1/I/L.
  const shown =
    (await list
      .first()
      .getByText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
      .textContent()) ?? '';
  expect(shown).toHaveLength(9);

  await list
    .first()
    .getByRole('button', { name: `Copiar passe ${shown}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Passe copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

  await page.getByRole('button', { name: 'Gerar passe' }).click();
  await expect(list).toHaveCount(2);
  await checkScreen(page, 'medico-passes-novos');

  // A patient types the pass (as shown, with its hyphen) when asking this doctor for care.
  const patient = await registerPatient(request, 'Marcos Teixeira');
  await requestCare(request, patient.token, id, 'Acompanhamento do meu filho', shown);
  const again = await registerPatient(request, 'Vera Lopes');
  const reused = await request.post(`/api/telemedicina/atendimento/medico/${id}`, {
    headers: { Authorization: `Bearer ${again.token}` },
    data: { motivo: 'Consulta', pass: shown },
  });
  expect(reused.status()).toBe(422);
  expect(await reused.json()).toMatchObject({ message: 'Passe inválido ou já utilizado' });

  await page.reload();
  const used = list.filter({ hasText: shown });
  await expect(used).toContainText('Usado');
  await expect(used).toContainText(/Usado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} por Marcos Teixeira/);
  await expect(used.getByRole('button')).toHaveCount(0);
  await expect(list.filter({ hasNotText: shown })).toContainText('Disponível');
  await checkScreen(page, 'medico-passes');
  expect(csp).toEqual([]);
});
