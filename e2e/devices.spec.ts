import { createECDH, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { registerPatient, signInWithForm } from './support/patient-api.ts';

// This journey needs the app's service worker (blocked by default in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** `PushSubscription.toJSON()` as a browser of that push service sends it, with real P-256 keys. */
function subscriptionJson(endpoint: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
}

/** What the browser of `userAgent` does after subscribing: `POST /api/device {firebase_token}`. */
async function addDevice(request: APIRequestContext, token: string, endpoint: string, userAgent: string) {
  const res = await request.post('/api/device', {
    headers: { Authorization: `Bearer ${token}`, 'User-Agent': userAgent },
    data: { firebase_token: subscriptionJson(endpoint) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function openDevices(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Dispositivos' })
    .click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dispositivos' })).toBeVisible();
}

const today = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(new Date());

test('lists the devices with readable names and removes one after confirming', async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Ana Ribeiro');
  await addDevice(
    request,
    patient.token,
    `https://fcm.googleapis.com/fcm/send/${randomBytes(16).toString('hex')}`,
    ANDROID_CHROME,
  );
  await addDevice(
    request,
    patient.token,
    `https://web.push.apple.com/${randomBytes(16).toString('base64url')}`,
    IPHONE_SAFARI,
  );

  await signInWithForm(page, patient);
  await openDevices(page);

  const list = page.getByRole('list').filter({ has: page.getByRole('button', { name: /^Remover/ }) });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Newest first: the iPhone registered last.
  await expect(items.nth(0)).toContainText('Safari 17 · iOS 17.4');
  await expect(items.nth(1)).toContainText('Chrome 126 · Android 14');
  await expect(items.nth(0)).toContainText(`Atualizado em ${today()}`);
  await expect(page.getByText('fcm.googleapis.com')).toHaveCount(0);
  await checkScreen(page, 'devices');

  await page.getByRole('button', { name: 'Remover Chrome 126 · Android 14' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remover dispositivo' });
  await expect(dialog).toContainText('Chrome 126 · Android 14');
  await checkScreen(page, 'devices-confirm');
  await dialog.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dispositivo removido' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('Safari 17 · iOS 17.4');

  // Cancelar keeps the device.
  await page.getByRole('button', { name: 'Remover Safari 17 · iOS 17.4' }).click();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(items).toHaveCount(1);

  await page.getByRole('button', { name: 'Remover Safari 17 · iOS 17.4' }).click();
  await dialog.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByText('Nenhum dispositivo cadastrado.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await checkScreen(page, 'devices-empty');
  expect(csp).toEqual([]);
});

test('enabling notifications registers the service worker and explains a missing push service', async ({
  page,
  context,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Bruno Lima');
  await context.grantPermissions(['notifications']);
  await signInWithForm(page, patient);
  await openDevices(page);
  await expect(page.getByText('Nenhum dispositivo cadastrado.')).toBeVisible();
  // The app registers its one worker at start, for the offline shell (docs/offline-card.md); nothing is
  // subscribed to push until the click.
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.pushManager.getSubscription();
    }),
  ).toBeNull();

  await page.getByRole('button', { name: 'Ativar notificações neste dispositivo' }).click();

  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null),
    )
    .toMatch(/\/sw\.js$/);
  // Headless Chromium here reaches no push service: the page says so in pt-BR instead of failing silently.
  const alert = page.getByRole('alert').filter({ hasText: 'Notificações não ativadas' });
  await expect(alert).toContainText(
    'Não foi possível ativar as notificações neste dispositivo: o serviço de notificações do navegador não respondeu.',
  );
  await expect(page.getByText('Nenhum dispositivo cadastrado.')).toBeVisible();
  await checkScreen(page, 'devices-push-error');

  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(csp).toEqual([]);
});
