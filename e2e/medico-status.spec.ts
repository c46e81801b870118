import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { signInDoctor } from './support/medico-api.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The doctor's status (docs/telemedicine.md "Doctor status": 2 Disponível, 1
 * Ocupado, 0 Offline) set from the area's header with the mouse and the
 * keyboard (`PUT /api/medico/status`, 'Status atualizado'), kept after a reload
 * and seen by patients on the doctor's profile.
 */

const medico = DOCTORS.status;

async function expectUpdated(page: Page): Promise<void> {
  const message = page.getByRole('status').filter({ hasText: 'Status atualizado' });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'Fechar' }).click();
  await expect(message).toBeHidden();
}

test('a doctor becomes available, then busy with the keyboard, and patients see it', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const { token, id } = await signInDoctor(request, medico);
  const patient = await registerPatient(request, 'Paula Freitas');
  const seenByPatient = async () => {
    const res = await request.get(`/api/telemedicina/medico/${id}`, {
      headers: { Authorization: `Bearer ${patient.token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { medico: { status: number } }).medico.status;
  };
  expect(await seenByPatient()).toBe(0);

  await signInWithToken(page, token);
  await page.goto('/medico');
  const status = page.getByRole('banner').getByRole('radiogroup', { name: 'Status' });
  await expect(status.getByRole('radio', { name: 'Offline' })).toBeChecked();

  await status.getByText('Disponível').click();
  await expectUpdated(page);
  await expect(status.getByRole('radio', { name: 'Disponível' })).toBeChecked();
  await expect(page.getByText('Seu status agora: Disponível.')).toBeVisible();
  expect(await seenByPatient()).toBe(2);
  await checkScreen(page, 'medico-status');

  // Arrow keys move the choice in the radio group, and each choice is saved.
  await status.getByRole('radio', { name: 'Disponível' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(status.getByRole('radio', { name: 'Ocupado' })).toBeChecked();
  await expect(status.getByRole('radio', { name: 'Ocupado' })).toBeFocused();
  await expectUpdated(page);
  expect(await seenByPatient()).toBe(1);

  await page.reload();
  await expect(
    page
      .getByRole('banner')
      .getByRole('radiogroup', { name: 'Status' })
      .getByRole('radio', { name: 'Ocupado' }),
  ).toBeChecked();
  await expect(page.getByText('Seu status agora: Ocupado.')).toBeVisible();
  expect(csp).toEqual([]);
});
