import { expect, test } from '@playwright/test';
import { expectAccessible, PHONE, shot } from './support/checks.ts';
import { fillEmergencyData, fillSaude, registerPatient } from './support/patient-api.ts';

// A first responder's phone may be old or on a network that never delivers the app's scripts:
// the facts come in the HTML itself, and the tabs are links the server answers.
test.use({ viewport: PHONE });

test('a scan shows name, blood type and whom to call before any script runs', async ({ page, request }) => {
  const patient = await registerPatient(request, 'Carlos Pereira');
  await fillEmergencyData(request, patient.token);
  await fillSaude(request, patient.token, { alergias: 'Dipirona', medicamentos: 'Metformina 850 mg' });
  const res = await request.put('/api/permissoes', {
    headers: { Authorization: `Bearer ${patient.token}` },
    data: { saude: 4 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const blocked: string[] = [];
  await page.route(/\.js$/, (route) => {
    blocked.push(new URL(route.request().url()).pathname);
    return route.abort();
  });

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

  // 'Minha saúde' is a link: the browser asks the server for the page on that tab, which renders it.
  const navigations: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) navigations.push(new URL(r.url()).search);
  });
  await page.getByRole('tab', { name: 'Minha saúde' }).click();
  await expect(page).toHaveURL(new RegExp(`/code/${patient.code}\\?aba=saude$`));
  await expect(page.getByRole('tab', { name: 'Minha saúde' })).toHaveAttribute('aria-selected', 'true');
  const saude = page.getByRole('tabpanel', { name: 'Minha saúde' });
  const info = saude.getByRole('region', { name: 'Informações de saúde' });
  await expect(info.getByText('Dipirona', { exact: true })).toBeVisible();
  await expect(info.getByText('Metformina 850 mg', { exact: true })).toBeVisible();
  expect(navigations).toEqual(['?aba=saude']);
  // The first page asked for its module at the tap on the tab, the page it opened not yet (no input since),
  // and none came: nothing ran but the HTML.
  await expect.poll(() => blocked.filter((p) => p.startsWith('/assets/code-page-')).length).toBe(1);
  await expectAccessible(page);
  await shot(page, 'code-without-script-saude-phone');

  // And back to the Emergency tab the same way.
  await page.getByRole('tab', { name: 'Emergência' }).click();
  await expect(page.getByRole('link', { name: 'Ligar para João Souza' })).toBeVisible();
  expect(navigations).toEqual(['?aba=saude', '']);
});
