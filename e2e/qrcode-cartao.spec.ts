import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { checkScreen } from './support/checks.ts';
import { fillEmergencyData, fillSaude, registerPatient, signInWithToken } from './support/patient-api.ts';

// jsqr is a CommonJS bundle: loaded as ESM, its function sits on `.default`.
const jsQR = (jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule;

/** Reads the QR code of a PNG file, as a phone would. */
function decodeQr(file: string): { text: string | null; width: number; height: number } {
  const png = PNG.sync.read(readFileSync(file));
  return {
    text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null,
    width: png.width,
    height: png.height,
  };
}

test('a patient leaves their medications off, downloads the lock-screen image and the wallet card (docs/emergency-card.md)', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const patient = await registerPatient(request, 'Conceição Araújo');
  await fillEmergencyData(request, patient.token);
  await fillSaude(request, patient.token, { alergias: 'Penicilina', medicamentos: 'Losartana 50 mg' });
  await signInWithToken(page, patient.token);

  await page.goto('/qrcode/generate');
  await expect(page.getByRole('heading', { level: 2, name: 'Tela de bloqueio e cartão' })).toBeVisible();
  const preview = page.getByRole('figure', { name: 'Prévia da tela de bloqueio' });
  const medicamentos = page.getByRole('checkbox', { name: 'Medicamentos' });
  // Every filled-in fact starts ticked.
  for (const name of ['Alergias', 'Medicamentos', 'Contato de emergência']) {
    await expect(page.getByRole('checkbox', { name })).toBeChecked();
  }
  await expect(preview.getByText('Losartana 50 mg')).toBeVisible();

  await medicamentos.uncheck();
  await expect(medicamentos).not.toBeChecked();
  await expect(preview.getByText('Losartana 50 mg')).toHaveCount(0);
  await expect(preview.getByText('Penicilina')).toBeVisible();
  await expect(preview.getByText('Conceição Araújo')).toBeVisible();
  // From the top: scrolled down to the preview, the sticky header covers the buttons above it, and axe
  // measures a covered button's target as it is seen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'qrcode-cartao');

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar imagem para a tela de bloqueio' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`pulso-tela-de-bloqueio-${patient.code}-1170x2532.png`);
  const pngFile = testInfo.outputPath('tela.png');
  await png.saveAs(pngFile);
  expect(decodeQr(pngFile)).toEqual({ text: `${baseURL}/code/${patient.code}`, width: 1170, height: 2532 });

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar cartão para a carteira' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`pulso-cartao-${patient.code}.pdf`);
  const pdfFile = testInfo.outputPath('cartao.pdf');
  await pdf.saveAs(pdfFile);
  expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
});
