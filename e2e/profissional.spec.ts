import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The emergency professional's credential, /profissional (docs/codes.md
 * "Emergency professional"; issue 7): reached from /settings, the three
 * documented messages on an empty submit, a credential registered with a real photo
 * (resized in the browser to 800 px wide, JPEG), the fields then locked with
 * the document shown and the review status, and the whole record deleted after
 * a confirmation.
 */

const SAVED = 'Cadastro de profissional realizado com sucesso!';
const DELETED = 'Cadastro de profissional excluído com sucesso!';

/** A real 1200×900 PNG "document" (a card with a photo box and lines of text-like bars). */
async function documentoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#e7f5ff"/>
    <rect x="60" y="60" width="1080" height="780" rx="40" fill="#ffffff" stroke="#1864ab" stroke-width="12"/>
    <rect x="120" y="160" width="300" height="380" fill="#adb5bd"/>
    <rect x="480" y="180" width="560" height="48" fill="#1864ab"/>
    <rect x="480" y="280" width="460" height="36" fill="#495057"/>
    <rect x="480" y="360" width="380" height="36" fill="#495057"/>
    <rect x="120" y="620" width="920" height="60" fill="#e03131" fill-opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const form = (page: Page) => page.getByRole('form', { name: 'Cadastrar credencial' });
const card = (page: Page) => page.getByRole('region', { name: 'Sua credencial' });

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

test('a patient registers a credential with a photo, finds it locked, and deletes it after confirming', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Renata Alves');
  const auth = { Authorization: `Bearer ${patient.token}` };
  await signInWithToken(page, patient.token);

  // Reached from /settings.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Cadastro de profissional' }).click();
  await expect(page).toHaveURL(/\/profissional$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profissional de emergência' })).toBeVisible();
  await expect(form(page)).toBeVisible();
  await look(page, 'profissional-vazio');

  // Empty submit: the three messages of docs/codes.md "Registering and its messages", nothing sent.
  await form(page).getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Informe o tipo de profissional')).toBeVisible();
  await expect(page.getByText('Informe seu número de cadastro')).toBeVisible();
  await expect(page.getByText('Anexe uma foto do seu documento')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Tipo de profissional/ })).toBeFocused();
  await look(page, 'profissional-erros');
  expect((await (await request.get('/api/profissional', { headers: auth })).json()).profissional).toBeNull();

  // Filled in, with a real photo resized in the browser.
  await page.getByRole('combobox', { name: /^Tipo de profissional/ }).selectOption({ label: 'SAMU' });
  await page.getByRole('textbox', { name: /^Número de cadastro/ }).fill('SAMU-SP 4521');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'carteira-samu.png',
    mimeType: 'image/png',
    buffer: await documentoPng(),
  });
  const preview = page.getByRole('img', { name: 'Prévia da foto do documento escolhida' });
  await expect(preview).toHaveJSProperty('complete', true);
  await expect(preview).toHaveJSProperty('naturalWidth', 800);
  await expect(page.getByText('Anexe uma foto do seu documento')).toBeHidden();
  await form(page).getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // Locked: the fields disabled with what was sent, the status as text, the document shown, no way to remove it.
  const registered = card(page);
  await expect(registered.getByRole('combobox', { name: 'Tipo de profissional' })).toBeDisabled();
  await expect(registered.getByRole('combobox', { name: 'Tipo de profissional' })).toHaveValue('S');
  await expect(registered.getByRole('textbox', { name: 'Número de cadastro' })).toBeDisabled();
  await expect(registered.getByRole('textbox', { name: 'Número de cadastro' })).toHaveValue('SAMU-SP 4521');
  await expect(registered.getByText('Aguardando verificação')).toBeVisible();
  const documento = registered.getByRole('img', { name: 'Foto do documento enviado' });
  await expect(documento).toHaveJSProperty('complete', true);
  await expect(documento).toHaveJSProperty('naturalWidth', 800);
  await expect(registered.getByRole('button')).toHaveText(['Excluir cadastro']);
  await expect(page.getByRole('form', { name: 'Cadastrar credencial' })).toHaveCount(0);

  // What the server stored: the photo as an 800 px wide JPEG (from 1200×900), served to its owner.
  const stored = (await (await request.get('/api/profissional', { headers: auth })).json()).profissional;
  expect(stored).toMatchObject({ tipo: 'S', numero: 'SAMU-SP 4521', status: 'pendente' });
  const file = await request.get(stored.documento);
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toBe('private, no-store');
  const meta = await sharp(await file.body()).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });

  // The same after a reload: the record is the server's.
  await page.reload();
  await expect(card(page).getByText('Aguardando verificação')).toBeVisible();
  await expect(card(page).getByRole('img', { name: 'Foto do documento enviado' })).toHaveJSProperty(
    'complete',
    true,
  );
  await look(page, 'profissional-cadastrado');

  // Deleting asks first; Cancelar keeps everything.
  await card(page).getByRole('button', { name: 'Excluir cadastro' }).click();
  let dialog = page.getByRole('dialog', { name: 'Excluir cadastro de profissional?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await look(page, 'profissional-excluir');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page)).toBeVisible();

  await card(page).getByRole('button', { name: 'Excluir cadastro' }).click();
  dialog = page.getByRole('dialog', { name: 'Excluir cadastro de profissional?' });
  await dialog.getByRole('button', { name: 'Excluir cadastro' }).click();
  await expect(page.getByRole('status').filter({ hasText: DELETED })).toBeVisible();
  await expect(form(page)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Tipo de profissional/ })).toBeEnabled();
  expect((await (await request.get('/api/profissional', { headers: auth })).json()).profissional).toBeNull();
  // The old document URL is dead.
  expect((await request.get(stored.documento)).status()).toBe(404);

  expect(csp).toEqual([]);
});
