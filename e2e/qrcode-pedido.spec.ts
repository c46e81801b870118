import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { EMERGENCY, fillEmergencyData, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * QR sticker orders (docs/payments-and-admin.md "Sticker orders";
 * docs/payments-and-admin.md "Coupons"; issue 8): a patient orders stickers
 * through the 3 steps with the 10% coupon BEMVINDO10 (R$ 19,90 → R$ 17,91),
 * paying with the test card 4242 typed in the form; then a second set with
 * the 100% coupon PULSO100, free, without a card; both orders show in 'Meus
 * pedidos' as 'Aguardando', and the 'Meus pedidos' button appears on
 * /qrcode/generate once there is an order. The e2e server runs with the demo
 * seeds (the two coupons).
 */

const ORDERED = 'Pedido realizado com sucesso!';
/** `formatCentavos` writes a no-break space after R$. */
const brl = (amount: string) => new RegExp(`R\\$\\s${amount}`);

const cardForm = (page: Page) => page.getByRole('form', { name: 'Dados do cartão' });

async function typeCard(page: Page, number: string): Promise<void> {
  const form = cardForm(page);
  await form.getByLabel('Número do cartão').pressSequentially(number);
  await form.getByLabel('Validade').pressSequentially('1234');
  await form.getByLabel('CVC').pressSequentially('123');
}

/** From /qrcode/generate through steps 1 and 2 (the address prefilled, the CEP typed) to step 3. */
async function toPayment(page: Page, screens: boolean): Promise<void> {
  await page.getByRole('link', { name: 'Pedir adesivos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pedir adesivos de QR Code' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Kit com 4 adesivos QR Code' })).toBeVisible();
  await expect(page.getByText(brl('19,90'))).toBeVisible();
  await expect(page.getByText('Frete grátis', { exact: true })).toBeVisible();
  if (screens) await checkScreen(page, 'qrcode-pedido-1-produto');
  await page.getByRole('button', { name: 'Continuar' }).click();

  const address = page.getByRole('form', { name: 'Endereço de entrega' });
  await expect(address.getByLabel('Endereço')).toHaveValue(EMERGENCY.endereco);
  await expect(address.getByLabel('Bairro')).toHaveValue(EMERGENCY.bairro);
  await expect(address.getByLabel('Cidade', { exact: true })).toHaveValue('São Paulo - SP');
  await expect(address.getByLabel('Complemento')).toHaveValue(EMERGENCY.complemento);
  await address.getByRole('button', { name: 'Continuar' }).click();
  await expect(address.getByText('Informe o CEP')).toBeVisible();
  if (screens) await checkScreen(page, 'qrcode-pedido-2-endereco');
  await address.getByLabel('CEP').pressSequentially('01310100');
  await expect(address.getByLabel('CEP')).toHaveValue('01310-100');
  await address.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeVisible();
}

test('orders stickers with a 10% coupon and 4242, then free with a 100% coupon, and sees both in Meus pedidos', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Renata Alves');
  await fillEmergencyData(request, patient.token);
  await signInWithToken(page, patient.token);

  await page.goto('/qrcode/generate');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu QR Code' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedir adesivos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Meus pedidos' })).toHaveCount(0);

  // First order: BEMVINDO10 (10%) and the card.
  await toPayment(page, true);
  const coupon = page.getByRole('form', { name: 'Cupom de desconto' });
  const apply = coupon.getByRole('button', { name: 'Aplicar' });
  await expect(apply).toBeDisabled();
  await coupon.getByLabel('Cupom de desconto').fill('NAOEXISTE');
  await apply.click();
  await expect(coupon.getByText('Cupom inválido.')).toBeVisible();
  await coupon.getByLabel('Cupom de desconto').fill('bemvindo10');
  await apply.click();
  await expect(page.getByText('Cupom aplicado com sucesso!')).toBeVisible();
  await expect(page.getByText(/BEMVINDO10.*10% de desconto/)).toBeVisible();
  await expect(cardForm(page).getByRole('button', { name: /^Pagar R\$\s17,91$/ })).toBeVisible();
  // Removing restores the price; applying again brings the discount back.
  await page.getByRole('button', { name: 'Remover cupom' }).click();
  await expect(page.getByText('Cupom removido')).toBeVisible();
  await expect(cardForm(page).getByRole('button', { name: /^Pagar R\$\s19,90$/ })).toBeVisible();
  await coupon.getByLabel('Cupom de desconto').fill('BEMVINDO10');
  await coupon.getByRole('button', { name: 'Aplicar' }).click();
  await expect(cardForm(page).getByRole('button', { name: /^Pagar R\$\s17,91$/ })).toBeVisible();
  await typeCard(page, '4242424242424242');
  await checkScreen(page, 'qrcode-pedido-3-pagamento');
  await cardForm(page)
    .getByRole('button', { name: /^Pagar R\$\s17,91$/ })
    .click();
  await expect(page.getByText(ORDERED)).toBeVisible();
  await expect(page).toHaveURL(/\/qrcode\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);

  // Second order: PULSO100 makes it free; no card is asked.
  await page.getByRole('link', { name: 'Voltar ao meu QR Code' }).click();
  await expect(page.getByRole('link', { name: 'Meus pedidos' })).toBeVisible();
  await toPayment(page, false);
  await page.getByRole('textbox', { name: 'Cupom de desconto' }).fill('PULSO100');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Cupom aplicado com sucesso!')).toBeVisible();
  await expect(
    page.getByText('Com o cupom, seu pedido ficou grátis. Confirme para fazer o pedido.'),
  ).toBeVisible();
  await expect(cardForm(page)).toHaveCount(0);
  await checkScreen(page, 'qrcode-pedido-3-gratis');
  await page.getByRole('button', { name: 'Confirmar pedido grátis' }).click();
  await expect(page.getByText(ORDERED)).toBeVisible();
  await expect(page).toHaveURL(/\/qrcode\/orders$/);

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  for (const row of [rows.nth(1), rows.nth(2)]) {
    await expect(row).toContainText(today);
    await expect(row).toContainText('Aguardando');
  }
  await checkScreen(page, 'qrcode-pedido-4-pedidos');

  const res = await request.get('/api/qrcode/orders', {
    headers: { Authorization: `Bearer ${patient.token}` },
  });
  const { orders } = (await res.json()) as { orders: { id: number; status: string }[] };
  expect(orders.map((o) => o.status)).toEqual(['A', 'A']);
  await expect(rows.nth(1)).toContainText(`nº ${orders[0]?.id}`);
  expect(csp).toEqual([]);
});
