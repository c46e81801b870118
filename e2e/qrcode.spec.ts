import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { formatCode } from '@pulso/domain';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { checkScreen, PHONE } from './support/checks.ts';
import {
  type ApiPatient,
  EMERGENCY,
  fillEmergencyData,
  registerPatient,
  signInWithToken,
} from './support/patient-api.ts';
import { writeQrVideo } from './support/qr-video.ts';

// jsqr is a CommonJS bundle: loaded as ESM, its function sits on `.default`.
const jsQR = (jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule;

const INCOMPLETE = 'Digite o código completo';
const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

/** Reads the QR code of a PNG file, as a phone would. */
function decodeQr(file: string): string | null {
  const png = PNG.sync.read(readFileSync(file));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Collects Content-Security-Policy violations reported by the page. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

let patient: ApiPatient;
let qrPngFile: string;

test.describe
  .serial('QR code and the public emergency view (docs/codes.md "QR reader", "Opening a code")', () => {
    test('a patient downloads their QR code and a guest who scans it sees the emergency data', async ({
      page,
      browser,
      request,
      baseURL,
    }, testInfo) => {
      patient = await registerPatient(request, 'Carlos Pereira');
      const cidade = await fillEmergencyData(request, patient.token);
      await signInWithToken(page, patient.token);
      const csp = watchCsp(page);

      await page.goto('/qrcode/generate');
      await expect(page.getByRole('heading', { level: 1, name: 'Meu QR Code' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'QR Code do seu código pessoal' })).toBeVisible();
      const onScreen =
        (
          await page
            .getByText(/^\d{3} [A-Z]{2} \d{3}$/)
            .first()
            .textContent()
        )?.trim() ?? '';
      expect(onScreen).toBe(formatCode(patient.code));
      await expect(page.getByRole('link', { name: 'Pedir adesivos' })).toHaveAttribute(
        'href',
        '/qrcode/purchase',
      );
      await expect(page.getByRole('link', { name: 'Meus pedidos' })).toHaveCount(0);
      await checkScreen(page, 'qrcode-generate');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar QR Code' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`pulso-qrcode-${patient.code}.png`);
      qrPngFile = testInfo.outputPath('qrcode.png');
      await download.saveAs(qrPngFile);
      const url = decodeQr(qrPngFile);
      expect(url).toBe(`${baseURL}/code/${patient.code}`);
      expect(csp).toEqual([]);

      // A paramedic's phone: no account, nothing stored.
      const guestContext = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
      const guest = await guestContext.newPage();
      await guest.goto(url as string);
      await expect(guest).toHaveTitle(/Dados de emergência/);
      await expect(guest.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
      const blood = guest.getByText('Tipo sanguíneo', { exact: true }).locator('..');
      await expect(blood).toHaveText('Tipo sanguíneoO+');
      const contact = guest.getByRole('region', { name: 'Contato de emergência' });
      await expect(contact.getByText(`${EMERGENCY.contato} (Cônjuge)`)).toBeVisible();
      await expect(contact.getByText('(11) 91234 5678')).toBeVisible();
      const call = guest.getByRole('link', { name: `Ligar para ${EMERGENCY.contato}` });
      await expect(call).toHaveAttribute('href', `tel:+55${EMERGENCY.contato_telefone}`);
      await expect(guest.getByRole('link', { name: 'Ligar SAMU 192' })).toHaveAttribute('href', 'tel:192');
      await expect(guest.getByRole('link', { name: 'Ligar Bombeiros 193' })).toHaveAttribute(
        'href',
        'tel:193',
      );
      await expect(guest.getByRole('link', { name: 'Entrar' })).toBeVisible();
      await expect(guest.getByText(cidade)).toBeVisible();

      // One glance at 390×844: blood type and every call button above the fold.
      for (const target of [blood, call, guest.getByRole('link', { name: 'Ligar Bombeiros 193' })]) {
        const box = await target.boundingBox();
        expect(box, 'on screen').not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
      }
      await checkScreen(guest, 'code-public');

      await guest.getByRole('tab', { name: 'Minha saúde' }).click();
      // Level 2 by default: a guest is not among those who read My Health
      // (docs/authorization.md "Who sees what through the code").
      await expect(
        guest.getByText('Você não possui permissão para acessar as informações de saúde deste paciente.'),
      ).toBeVisible();
      await guest.getByRole('banner').getByRole('link', { name: 'Entrar' }).click();
      await expect(guest).toHaveURL(/\/login$/);
      await guestContext.close();
    });

    test('the reader opens a typed code, asks for all of it and says an unknown code was not found', async ({
      page,
    }) => {
      await signInWithToken(page, patient.token);
      await page.goto('/qrcode/read');
      await expect(page.getByRole('heading', { level: 1, name: 'Ler QR Code' })).toBeVisible();
      await checkScreen(page, 'qrcode-read');

      const field = page.getByLabel('Código pessoal');
      await field.pressSequentially(formatCode(patient.code).toLowerCase());
      await expect(field).toHaveValue(formatCode(patient.code));
      await page.getByRole('button', { name: 'Abrir', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/code/${patient.code}$`));
      await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Voltar ao início' })).toBeVisible();

      await page.goto('/qrcode/read');
      await field.pressSequentially(patient.code.slice(0, 7).toLowerCase());
      await page.getByRole('button', { name: 'Abrir', exact: true }).click();
      await expect(page.getByText(INCOMPLETE)).toBeVisible();
      await expect(page).toHaveURL(/\/qrcode\/read$/);

      await field.clear();
      await field.pressSequentially('999zz999');
      await page.getByRole('button', { name: 'Abrir', exact: true }).click();
      await expect(page).toHaveURL(/\/code\/999ZZ999$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Código não encontrado' })).toBeVisible();
    });

    test('without a camera the reader says so and keeps the typed path', async ({ page }) => {
      await signInWithToken(page, patient.token);
      await page.goto('/qrcode/read');
      await page.getByRole('button', { name: 'Ativar câmera' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        /O acesso à câmera foi negado|Não foi possível usar a câmera deste aparelho/,
      );
      await expect(page.getByRole('button', { name: 'Ativar câmera' })).toBeVisible();
      await expect(page.getByLabel('Código pessoal')).toBeVisible();
      await checkScreen(page, 'qrcode-read-no-camera');
    });

    test("a signed-in viewer's tab shows a skeleton while the page asks again, then a retry after too many requests", async ({
      page,
    }) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let calls = 0;
      // The page itself is the server's HTML with what a guest may read (level 2: not My Health); a signed-in
      // viewer's page asks GET /api/code/:code once more with the token. The e2e server allows 500 lookups a
      // minute: the 429 is played here, with the server's own body.
      await page.route('**/api/code/*', async (route) => {
        calls += 1;
        if (calls > 1) return route.continue();
        await released;
        return route.fulfill({ status: 429, json: { message: TOO_MANY } });
      });
      await signInWithToken(page, patient.token);
      await page.goto(`/code/${patient.code}?aba=saude`);
      const panel = page.getByRole('tabpanel', { name: 'Minha saúde' });
      await expect(panel.getByRole('status', { name: 'Carregando informações de saúde' })).toBeVisible();
      await checkScreen(page, 'code-public-loading');
      release();
      await expect(panel.getByRole('alert')).toHaveText(TOO_MANY);
      await expect(panel.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
      await checkScreen(page, 'code-public-too-many');
      await panel.getByRole('button', { name: 'Tentar novamente' }).click();
      // The patient reads their own My Health (nothing filled in: every field says so).
      const saude = panel.getByRole('region', { name: 'Informações de saúde' });
      await expect(saude.getByText('Não informado').first()).toBeVisible();
      await expect(panel.getByRole('alert')).toHaveCount(0);
      expect(calls).toBe(2);
    });

    test("the camera reads the printed QR code and opens the patient's page", async ({
      baseURL,
    }, testInfo) => {
      const video = testInfo.outputPath('camera.y4m');
      writeQrVideo(readFileSync(qrPngFile), video);
      const camera = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${path.resolve(video)}`,
        ],
      });
      try {
        const context = await camera.newContext({ baseURL, viewport: PHONE, locale: 'pt-BR' });
        await context.grantPermissions(['camera']);
        const page = await context.newPage();
        const csp = watchCsp(page);
        const chunks: string[] = [];
        page.on('response', (response) => chunks.push(new URL(response.url()).pathname));
        await signInWithToken(page, patient.token);
        await page.goto('/qrcode/read');
        // Where the browser has no native BarcodeDetector (desktop Linux) qr-scanner decodes in its worker.
        const native = await page.evaluate(() => 'BarcodeDetector' in window);
        await page.getByRole('button', { name: 'Ativar câmera' }).click();
        await expect(page).toHaveURL(new RegExp(`/code/${patient.code}$`), { timeout: 20_000 });
        await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
        expect(csp).toEqual([]);
        if (!native) expect(chunks.some((p) => /\/assets\/qr-scanner-worker[^/]*\.js$/.test(p))).toBe(true);
      } finally {
        await camera.close();
      }
    });
  });
