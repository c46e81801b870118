import { expect, test } from '@playwright/test';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { checkScreen, PHONE } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { fillEmergencyData, fillSaude, registerPatient, signInWithToken } from './support/patient-api.ts';

// jsqr is CommonJS: its default export arrives wrapped under Node's ESM.
const jsQR = (jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule;

// docs/smart-health-links.md: the patient shares their health summary as a SMART Health Link with a passcode;
// a doctor opens it in the /shl viewer (decrypted in the browser), the patient sees who opened it and revokes it.

test('a patient shares the health summary by a link with a passcode; a doctor opens it; the link is revoked', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const patient = await registerPatient(request, 'Renata Lopes');
  await fillEmergencyData(request, patient.token);
  await fillSaude(request, patient.token, { alergias: 'Penicilina', medicamentos: 'Losartana 50 mg' });
  await signInWithToken(page, patient.token);
  const csp = watchCspViolations(page);

  await page.goto('/permissoes');
  const section = page.getByRole('region', { name: 'Compartilhar resumo de saúde' });
  await section.getByRole('textbox', { name: 'Nome do link' }).fill('Viagem à Itália');
  await section.getByLabel('Senha do link (opcional)').fill('ferias2026');
  await section.scrollIntoViewIfNeeded();
  await checkScreen(page, 'shl-formulario');
  await section.getByRole('button', { name: 'Criar link' }).click();
  await expect(section.getByText('Guarde ou compartilhe agora')).toBeVisible();
  const link = await section.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/shl#shlink:\/[A-Za-z0-9_-]+$/);
  // The QR code on the screen reads back as the same link (as a phone's camera would).
  const qr = section.getByRole('img', { name: 'QR code do link do resumo de saúde' });
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
  await checkScreen(page, 'shl-criado');
  await section.getByRole('button', { name: 'Concluir' }).click();
  const made = section.getByRole('list', { name: 'Links criados' }).getByRole('listitem');
  await expect(made).toHaveCount(1);
  await expect(made).toContainText('Viagem à Itália');
  await expect(made).toContainText('Ativo');
  await expect(made).toContainText('com senha');

  // A doctor abroad opens the link on a phone: a wrong passcode counts down, the right one opens the summary.
  const doctorContext = await browser.newContext({ viewport: PHONE });
  const doctor = await doctorContext.newPage();
  const doctorCsp = watchCspViolations(doctor);
  await doctor.goto(link);
  await expect(
    doctor.getByRole('heading', { level: 1, name: 'Resumo de saúde compartilhado' }),
  ).toBeVisible();
  await expect(doctor.getByText('Viagem à Itália')).toBeVisible();
  await doctor.getByRole('textbox', { name: /Seu nome/ }).fill('Dr. Marco Rossi, Ospedale di Roma');
  await doctor.getByLabel('Senha do link').fill('errada');
  await doctor.getByRole('button', { name: 'Abrir resumo' }).click();
  await expect(doctor.getByRole('alert')).toHaveText('Senha incorreta. Restam 4 tentativas.');
  await checkScreen(doctor, 'shl-senha-errada');
  await doctor.getByLabel('Senha do link').fill('ferias2026');
  await doctor.getByRole('button', { name: 'Abrir resumo' }).click();
  await expect(doctor.getByRole('heading', { level: 2, name: 'Renata Lopes' })).toBeVisible();
  await expect(doctor.getByRole('region', { name: 'Alergias' })).toContainText('Penicilina');
  await expect(doctor.getByRole('region', { name: 'Medicamentos' })).toContainText('Losartana 50 mg');
  await expect(doctor.getByRole('region', { name: 'Tipo sanguíneo e exames' })).toContainText(
    'Tipo sanguíneo',
  );
  await checkScreen(doctor, 'shl-resumo');
  await doctor.getByText('English').click();
  await expect(doctor.getByRole('heading', { level: 1, name: 'Shared health summary' })).toBeVisible();
  await expect(doctor.getByRole('region', { name: 'Allergies' })).toContainText('Penicilina');
  await expect(doctor.getByRole('region', { name: 'Blood type and results' })).toContainText(
    'ABO blood group: O',
  );
  await checkScreen(doctor, 'shl-resumo-en');
  expect(doctorCsp).toEqual([]);

  // She sees who opened it, and revokes it.
  await page.goto('/permissoes/acessos');
  await expect(
    page.getByText('Quem abriu o link se identificou como: Dr. Marco Rossi, Ospedale di Roma'),
  ).toBeVisible();
  await page.goto('/permissoes');
  const revoke = page.getByRole('button', { name: 'Revogar o link Viagem à Itália' });
  await revoke.scrollIntoViewIfNeeded();
  await revoke.click();
  await expect(
    page.getByRole('region', { name: 'Compartilhar resumo de saúde' }).getByText('Revogado'),
  ).toBeVisible();
  expect(csp).toEqual([]);

  // The link opens nothing any more.
  await doctor.reload();
  await doctor.getByRole('textbox', { name: /Seu nome/ }).fill('Dr. Marco Rossi');
  await doctor.getByLabel('Senha do link').fill('ferias2026');
  await doctor.getByRole('button', { name: 'Abrir resumo' }).click();
  await expect(doctor.getByRole('alert')).toContainText('Link não encontrado');
  await doctorContext.close();
});
