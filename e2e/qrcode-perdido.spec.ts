import { expect, test } from '@playwright/test';
import { formatCode } from '@pulso/domain';
import { checkScreen, PHONE } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { EMERGENCY, fillEmergencyData, registerPatient, signInWithToken } from './support/patient-api.ts';

// docs/codes.md "A lost sticker": 'Perdi meu adesivo' on /qrcode/generate, the old code's page, the attempt in
// the access log; and the new code's page, with the WhatsApp message to the contact.

test('a patient who lost the sticker gets a new code; the old one says it was replaced and the attempt is logged', async ({
  page,
  browser,
  request,
}) => {
  const patient = await registerPatient(request, 'Renata Lopes');
  await fillEmergencyData(request, patient.token);
  await signInWithToken(page, patient.token);
  const csp = watchCspViolations(page);

  // The code is on the QR card and on the emergency card below it.
  const shown = (code: string) => page.getByText(formatCode(code), { exact: true });
  await page.goto('/qrcode/generate');
  await expect(shown(patient.code)).toHaveCount(2);
  const lost = page.getByRole('button', { name: 'Perdi meu adesivo' });
  await lost.scrollIntoViewIfNeeded();
  await lost.click();
  let dialog = page.getByRole('dialog', { name: 'Trocar seu código?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expect(dialog).toContainText('seus dados continuam os mesmos');
  await checkScreen(page, 'qrcode-perdi-confirmar');
  // Cancelar keeps the code.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(shown(patient.code)).toHaveCount(2);

  await lost.click();
  dialog = page.getByRole('dialog', { name: 'Trocar seu código?' });
  await dialog.getByRole('button', { name: 'Trocar meu código' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Pronto: seu código novo já vale.' }),
  ).toBeVisible();
  // Both cards now show the new code: the old one is nowhere on the screen.
  await expect(shown(patient.code)).toHaveCount(0);
  const qrcode = (await (
    await request.get('/api/qrcode', { headers: { authorization: `Bearer ${patient.token}` } })
  ).json()) as { qrcode: { code: string } };
  const fresh = qrcode.qrcode.code;
  expect(fresh).not.toBe(patient.code);
  await expect(shown(fresh)).toHaveCount(2);
  const order = page.getByRole('link', { name: 'Pedir adesivos com o código novo' });
  await expect(order).toBeVisible();
  await checkScreen(page, 'qrcode-perdi-trocado');

  // Whoever finds the lost sticker: the old code's page says it was replaced, shows no data, keeps 192/193.
  const finder = await browser.newPage({ viewport: PHONE });
  const old = await finder.goto(`/code/${patient.code}`);
  expect(old?.status()).toBe(410);
  await expect(finder.getByRole('heading', { level: 1, name: 'Este código foi substituído' })).toBeVisible();
  await expect(finder.getByRole('link', { name: /192/ })).toBeVisible();
  await expect(finder.getByRole('link', { name: /193/ })).toBeVisible();
  await expect(finder.getByText('Renata Lopes')).toHaveCount(0);
  await expect(finder.getByText(EMERGENCY.contato)).toHaveCount(0);
  await checkScreen(finder, 'code-substituido');
  // The new code opens her data.
  await finder.goto(`/code/${fresh}`);
  await expect(finder.getByRole('heading', { level: 1, name: 'Renata Lopes' })).toBeVisible();
  // Whoever holds the phone can tell her contact from their own WhatsApp (docs/public-code-page.md).
  const whatsapp = finder.getByRole('link', { name: `Avisar ${EMERGENCY.contato} pelo WhatsApp` });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/55\d{11}\?text=Ol%C3%A1!/);
  await checkScreen(finder, 'code-avisar-whatsapp');
  await finder.close();

  // The attempt is in her access log.
  await page.goto('/permissoes/acessos');
  await expect(
    page.getByText(`Tentou abrir o código antigo ${formatCode(patient.code)}, que você substituiu`),
  ).toBeVisible();
  await checkScreen(page, 'acessos-tentativa');

  expect(csp).toEqual([]);
});
