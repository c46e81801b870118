import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { fillEmergencyData, fillSaude, registerPatient, signInWithForm } from './support/patient-api.ts';

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  return page.getByRole('navigation', { name: 'Menu principal' });
}

/** The service worker is active, controls this page, and so has precached the shell (docs/offline-card.md). */
async function waitForOfflineShell(page: Page) {
  // `ready`: a worker is active, so its install (the precache) finished; then it claims this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

// This journey needs the app's service worker (blocked by default in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const today = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(new Date());

test('the emergency card opens offline after one visit, and signing out removes it (docs/offline-card.md)', async ({
  page,
  context,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Conceição Araújo');
  await fillEmergencyData(request, patient.token);
  await fillSaude(request, patient.token, { alergias: 'Penicilina', medicamentos: 'Losartana 50 mg' });
  const code = `${patient.code.slice(0, 3)} ${patient.code.slice(3, 5)} ${patient.code.slice(5)}`;

  await signInWithForm(page, patient);
  // The web app manifest is linked and served under the CSP.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(manifestHref as string)).json();
  expect(manifest).toMatchObject({ name: 'Pulso', start_url: '/home', theme_color: '#1971c2' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);

  // One visit, online: from the menu.
  await (await openMenu(page)).getByRole('link', { name: 'Meu cartão de emergência' }).click();
  await expect(page).toHaveURL(/\/cartao$/);
  const card = page.getByRole('article', { name: 'Conceição Araújo' });
  await expect(card.getByText(code)).toBeVisible();
  await expect(page.getByText(`Atualizado em ${today()}`)).toBeVisible();
  await waitForOfflineShell(page);

  // No network: the page reloads from the service worker, the card from the device's copy.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Meu cartão de emergência' })).toBeVisible();
  await expect(page.getByText('Mostrando a cópia guardada neste aparelho.')).toBeVisible();
  await expect(page.getByText(`Atualizado em ${today()}`)).toBeVisible();
  await expect(card.getByRole('heading', { level: 2, name: 'Conceição Araújo' })).toBeVisible();
  await expect(card.getByText(code)).toBeVisible();
  await expect(card.getByText('O+')).toBeVisible();
  await expect(card.getByText('Penicilina')).toBeVisible();
  await expect(card.getByText('Losartana 50 mg')).toBeVisible();
  await expect(card.getByText('João Souza (Cônjuge) · (11) 91234 5678')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ligar para o contato de emergência' })).toHaveAttribute(
    'href',
    'tel:+5511912345678',
  );
  await expect(card.getByRole('link', { name: 'SAMU 192' })).toHaveAttribute('href', 'tel:192');
  await expect(card.getByRole('link', { name: 'Bombeiros 193' })).toHaveAttribute('href', 'tel:193');
  const qr = card.getByRole('img', { name: 'QR Code do seu código pessoal' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await checkScreen(page, 'cartao-offline');

  // Online again, the patient signs out: the copy is gone from the device.
  await context.setOffline(false);
  await page.goto('/cartao');
  await expect(page.getByText('Mostrando a cópia guardada neste aparelho.')).toHaveCount(0);
  await expect(card.getByText(code)).toBeVisible();
  await (await openMenu(page)).getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(window.localStorage))).not.toContain('pulso.cartao');

  // Offline once more: the shell still opens (the login), the card does not.
  await context.setOffline(true);
  await page.goto('/cartao');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Conceição Araújo')).toHaveCount(0);
  await expect(page.getByText(code)).toHaveCount(0);
  await context.setOffline(false);

  expect(csp).toEqual([]);
});

test("a rescuer who opens a scanned code gets no service worker: nothing is downloaded past the patient's facts", async ({
  page,
  request,
}) => {
  const patient = await registerPatient(request, 'Rita Moraes');
  await fillEmergencyData(request, patient.token);
  await page.goto(`/code/${patient.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rita Moraes' }).first()).toBeVisible();
  await page.waitForLoadState('load');
  // registerServiceWorkerOnLoad runs on `load`: give it a turn, then ask the browser.
  await page.waitForTimeout(500);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
