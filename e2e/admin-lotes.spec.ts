import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { verifyEmailThroughOutbox, waitForMail } from './support/outbox.ts';
import { STAFF } from './support/staff.ts';

/**
 * Sticker batches and orders in the admin area (issue 9 "Sticker batches",
 * "Orders", "Proof"): the admin generates a batch; a new patient opens the
 * URL one of its stickers encodes (`/code/{code}`), lands on
 * /register/{code} and registers; the batch's claimed count rises. Then
 * that patient orders stickers (free with the seeded PULSO100 coupon), the
 * admin marks the order sent with a tracking code, and the patient reads
 * 'Enviado' in 'Meus pedidos'. The codes of the batch are read from the
 * server's batch route (the PDF's own QR codes are decoded by the API tests).
 */

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Entrar na administração' });
  await form.getByLabel('E-mail').fill(STAFF.admin.email);
  await form.getByLabel('Senha', { exact: true }).fill(STAFF.admin.password);
  await form.getByLabel('Senha', { exact: true }).press('Enter');
}

async function apiToken(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<string> {
  const res = await request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const patient = {
  name: 'Helena Duarte',
  celular: '11987650000',
  email: `helena.duarte.${Date.now()}@example.com`,
  password: 'segredo-forte-123',
};
let patientToken = '';

test('an admin creates a batch; a patient registers with one of its codes; the claimed count rises', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const csp = watchCspViolations(page);
  await page.goto('/admin/lotes');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Lotes de adesivos' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Área administrativa' });
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Lotes de adesivos');

  const form = page.getByRole('form', { name: 'Novo lote' });
  const quantidade = form.getByLabel('Quantidade de códigos');
  await quantidade.fill('1001');
  await form.getByRole('button', { name: 'Gerar lote' }).click();
  await expect(form.getByText('A quantidade deve ser um número inteiro de 1 a 1.000.')).toBeVisible();
  await checkScreen(page, 'admin-lotes-erro');

  await quantidade.fill('3');
  await form.getByRole('button', { name: 'Gerar lote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar lote' });
  await expect(dialog).toContainText('Gerar 3 códigos novos?');
  await checkScreen(page, 'admin-lotes-confirmar');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/lotes') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Gerar', exact: true }).click();
  const { lote } = (await (await created).json()) as { lote: { id: number } };
  await expect(page.getByText(`Lote criado com sucesso! Lote nº ${lote.id} com 3 códigos.`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Lotes gerados' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `nº ${lote.id}` }) });
  await expect(row).toContainText('0 / 3');
  await expect(row).toContainText(STAFF.admin.email);
  await checkScreen(page, 'admin-lotes');

  // The print sheet downloads as a PDF named for the batch.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Baixar PDF do lote nº ${lote.id}` }).click();
  expect((await download).suggestedFilename()).toBe(`pulso-lote-${lote.id}.pdf`);

  // The codes printed on the sheet, as the server lists them.
  const adminToken = await apiToken(request, STAFF.admin);
  const res = await request.get(`/api/admin/lotes/${lote.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  const { codigos } = (await res.json()) as { codigos: { code: string; usado: boolean }[] };
  expect(codigos).toHaveLength(3);
  const code = codigos[1]?.code ?? '';

  // A new patient scans the sticker: its QR code is {PUBLIC_ORIGIN}/code/{code}.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const phoneCsp = watchCspViolations(phone);
  await phone.goto(`${baseURL}/code/${code}`);
  await expect(phone).toHaveURL(new RegExp(`/register/${code}$`));
  await phone.getByLabel('Nome e sobrenome').fill(patient.name);
  await phone.getByLabel('Celular').pressSequentially(patient.celular);
  await phone.getByRole('button', { name: 'Próximo' }).click();
  await phone.getByLabel('E-mail', { exact: true }).fill(patient.email);
  await phone.getByLabel('Senha', { exact: true }).fill(patient.password);
  await phone.getByLabel('Confirme a senha').fill(patient.password);
  await phone.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await phone.getByRole('button', { name: 'Criar conta' }).click();
  await expect(phone).toHaveURL(/\/home$/);
  patientToken = (await phone.evaluate(() => window.localStorage.getItem('token'))) ?? '';
  expect(patientToken).not.toBe('');
  const me = await request.get('/api/qrcode', { headers: { Authorization: `Bearer ${patientToken}` } });
  expect(((await me.json()) as { qrcode: { code: string } }).qrcode.code).toBe(code);
  await phone.context().close();

  // The admin sees the batch's claimed count rise.
  await page.reload();
  await expect(row).toContainText('1 / 3');
  expect(csp).toEqual([]);
  expect(phoneCsp).toEqual([]);
});

test('the admin marks an order sent with a tracking code and the patient sees Enviado', async ({
  page,
  browser,
  request,
}) => {
  expect(patientToken, 'the patient of the first journey').not.toBe('');
  const headers = { Authorization: `Bearer ${patientToken}` };
  await verifyEmailThroughOutbox(request, patient.email);
  const search = await request.get('/api/cidades/search/sao%20paulo');
  const { cidades } = (await search.json()) as { cidades: { id: number; descricao: string }[] };
  const cidade = cidades.find((c) => c.descricao === 'São Paulo - SP');
  expect(cidade).toBeDefined();
  // The patient orders a set, free with the seeded 100% coupon (no card), as /qrcode/purchase sends it.
  const ordered = await request.put('/api/qrcode/purchase', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      endereco: 'Rua Harmonia, 120',
      bairro: 'Vila Madalena',
      cidade,
      cep: '05435000',
      complemento: 'Casa 2',
      coupon: { nome: 'PULSO100' },
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const { order } = (await ordered.json()) as { order: { id: number; status: string } };
  expect(order.status).toBe('A');

  const csp = watchCspViolations(page);
  await page.goto('/admin/pedidos');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos de adesivos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pedidos de adesivos' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Ver pedido nº ${order.id}`, exact: true }) });
  await expect(row).toContainText(patient.name);
  await expect(row).toContainText('Aguardando');
  await checkScreen(page, 'admin-pedidos');

  await row.getByRole('button', { name: `Ver pedido nº ${order.id}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Pedido nº ${order.id}` });
  await expect(dialog).toContainText(patient.email);
  await expect(dialog).toContainText('Rua Harmonia, 120 — Casa 2');
  await expect(dialog).toContainText('05435-000');
  await expect(dialog).toContainText('PULSO100 (100%)');
  await checkScreen(page, 'admin-pedido-detalhe');

  const sheet = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar adesivos (PDF)' }).click();
  expect((await sheet).suggestedFilename()).toBe(`pulso-pedido-${order.id}.pdf`);

  const enviar = dialog.getByRole('form', { name: 'Marcar como enviado' });
  await enviar.getByLabel('Código de rastreio (opcional)').fill('AB12345');
  await enviar.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(enviar.getByText('Informe um código de rastreio dos Correios válido')).toBeVisible();
  await enviar.getByLabel('Código de rastreio (opcional)').fill('ab123456789br');
  await enviar.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(dialog).toContainText('com o rastreio AB123456789BR');
  await checkScreen(page, 'admin-pedido-confirmar');
  await dialog.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(page.getByText('Pedido marcado como enviado.')).toBeVisible();
  await expect(dialog).toContainText('Enviado');
  await expect(dialog).toContainText('AB123456789BR');
  await expect(dialog.getByRole('form', { name: 'Marcar como enviado' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // Not waiting any more: it left 'Aguardando' and shows under 'Enviados'.
  await expect(row).toHaveCount(0);
  await page.getByText('Enviados', { exact: true }).click();
  await expect(row).toContainText('Enviado');

  // The patient was told by e-mail and reads 'Enviado' in 'Meus pedidos'.
  const mail = await waitForMail(request, patient.email, 'Seus adesivos foram enviados');
  expect(mail.text).toContain('AB123456789BR');
  const context = await browser.newContext();
  await context.addInitScript((value) => window.localStorage.setItem('token', value), patientToken);
  const mine = await context.newPage();
  await mine.goto('/qrcode/orders');
  await expect(mine.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible();
  const patientRow = mine
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `nº ${order.id}` });
  await expect(patientRow).toContainText('Enviado');
  await context.close();
  expect(csp).toEqual([]);
});
