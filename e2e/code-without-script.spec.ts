import { expect, test } from '@playwright/test';
import { expectAccessible, PHONE, shot } from './support/checks.ts';
import { fillEmergencyData, registerPatient } from './support/patient-api.ts';

// A first responder's phone may be old or on a network that never delivers the app's scripts:
// the facts come in the HTML itself.
test.use({ viewport: PHONE });

test('a scan shows name, blood type and whom to call before any script runs', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Carlos Pereira');
  await fillEmergencyData(request, patient.token);
  await page.route(/\.js$/, (route) => route.abort());

  await page.goto(`/code/${patient.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Carlos Pereira' })).toBeVisible();
  await expect(page.getByText('Tipo sanguíneo')).toBeVisible();
  await expect(page.getByText('O+', { exact: true })).toBeVisible();
  await expect(page.getByText('João Souza (Cônjuge)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ligar para João Souza' })).toHaveAttribute(
    'href',
    'tel:+5511912345678',
  );
  await expect(page.getByRole('link', { name: 'Ligar SAMU 192' })).toHaveAttribute('href', 'tel:192');
  await expect(page.getByRole('link', { name: 'Ligar Bombeiros 193' })).toHaveAttribute('href', 'tel:193');
  await expect(page.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  await expectAccessible(page);
  await shot(page, 'code-without-script-phone');
});
