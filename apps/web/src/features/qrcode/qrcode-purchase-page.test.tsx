import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import QrcodeOrdersPage from './qrcode-orders-page.tsx';
import QrcodePurchasePage from './qrcode-purchase-page.tsx';

const SP = { id: 3550308, descricao: 'São Paulo - SP' };
const GERAL = { endereco: 'Rua Augusta, 1500', bairro: 'Consolação', complemento: 'Apto 42', cidade: SP };

interface Sent {
  body: Record<string, unknown>;
  key: string | null;
}

function stubApi(options: { valor?: number; geral?: unknown; orders?: unknown[] } = {}) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    if (path === '/api/qrcode/purchase' && init?.method === 'PUT') {
      sent.push({
        body: JSON.parse(String(init.body)),
        key: new Headers(init.headers).get('Idempotency-Key'),
      });
      return jsonResponse({ message: 'Pedido realizado com sucesso!', order: { id: 7 } }, 201);
    }
    if (path === '/api/qrcode/purchase')
      return jsonResponse({
        geral: options.geral ?? { endereco: null, bairro: null, complemento: null, cidade: null },
        valor: options.valor ?? 1990,
      });
    if (path === '/api/qrcode/coupon/BEMVINDO10')
      return jsonResponse({ coupon: { nome: 'BEMVINDO10', desconto: 10 } });
    if (path === '/api/qrcode/coupon/PULSO100')
      return jsonResponse({ coupon: { nome: 'PULSO100', desconto: 100 } });
    if (path.startsWith('/api/qrcode/coupon/')) return jsonResponse({ message: 'Cupom inválido.' }, 404);
    if (path === '/api/qrcode/orders') return jsonResponse({ orders: options.orders ?? [] });
    if (path === '/api/pagamentos/config')
      return jsonResponse({ provider: 'sandbox', publishable_key: null });
    return jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

const routes = [
  { path: '/qrcode/purchase', element: <QrcodePurchasePage /> },
  { path: '/qrcode/orders', element: <QrcodeOrdersPage /> },
];

afterEach(() => vi.unstubAllGlobals());

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

/** Step 1 → step 2 → (CEP typed) → step 3. */
async function toPayment() {
  await screen.findByRole('heading', { level: 2, name: 'Kit com 4 adesivos QR Code' });
  click('Continuar');
  const form = await screen.findByRole('form', { name: 'Endereço de entrega' });
  fireEvent.input(within(form).getByLabelText('CEP', { exact: false }), { target: { value: '01310100' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
  await screen.findByRole('heading', { level: 2, name: 'Pagamento' });
}

describe('/qrcode/purchase (docs/payments-and-admin.md "Sticker orders")', () => {
  it('shows the set at R$ 19,90 and asks for every address field with the documented messages', async () => {
    stubApi();
    renderRoutes(routes, '/qrcode/purchase');
    expect(await screen.findByText(/^R\$\s19,90$/)).not.toBeNull();
    click('Continuar');
    const form = await screen.findByRole('form', { name: 'Endereço de entrega' });
    fireEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    for (const message of ['Informe o endereço', 'Informe o bairro', 'Informe a cidade', 'Informe o CEP'])
      expect(await within(form).findByText(message)).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Pagamento' })).toBeNull();
  });

  it('applies and removes a coupon, and shows the server message for a bad one', async () => {
    stubApi({ geral: GERAL });
    renderRoutes(routes, '/qrcode/purchase');
    await toPayment();
    const coupon = screen.getByRole('textbox', { name: 'Cupom de desconto' });
    expect((screen.getByRole('button', { name: 'Aplicar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(coupon, { target: { value: 'nada' } });
    click('Aplicar');
    expect(await screen.findAllByText('Cupom inválido.')).not.toHaveLength(0);
    fireEvent.change(coupon, { target: { value: 'BEMVINDO10' } });
    click('Aplicar');
    expect(await screen.findByText('Cupom aplicado com sucesso!')).not.toBeNull();
    expect(await screen.findByRole('button', { name: /^Pagar R\$\s17,91$/ })).not.toBeNull();
    click('Remover cupom');
    expect(await screen.findByText('Cupom removido')).not.toBeNull();
    expect(await screen.findByRole('button', { name: /^Pagar R\$\s19,90$/ })).not.toBeNull();
  });

  it('finishes a 100% coupon order without a card, sending the CEP as digits and the prefilled apartment, then lists it', async () => {
    const sent = stubApi({
      geral: GERAL,
      orders: [{ id: 7, created_at: '2026-11-24T02:30:00Z', status: 'A' }],
    });
    const { router } = renderRoutes(routes, '/qrcode/purchase');
    await toPayment();
    fireEvent.change(screen.getByRole('textbox', { name: 'Cupom de desconto' }), {
      target: { value: 'PULSO100' },
    });
    click('Aplicar');
    expect(
      await screen.findByText('Com o cupom, seu pedido ficou grátis. Confirme para fazer o pedido.'),
    ).not.toBeNull();
    expect(screen.queryByRole('form', { name: 'Dados do cartão' })).toBeNull();
    click('Confirmar pedido grátis');
    await waitFor(() => expect(router.state.location.pathname).toBe('/qrcode/orders'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      endereco: 'Rua Augusta, 1500',
      bairro: 'Consolação',
      cidade: SP,
      cep: '01310100',
      // The apartment of the profile comes prefilled with the rest of the address, and is sent.
      complemento: 'Apto 42',
      valor: 0,
      coupon: { nome: 'PULSO100', desconto: 100 },
    });
    expect(sent[0]?.key).toMatch(/^[\w-]{8,}$/);
    // 23:30 in São Paulo on the 23rd.
    const row = (await screen.findAllByRole('row'))[1];
    expect(row?.textContent).toContain('nº 7');
    expect(row?.textContent).toContain('23/11/2026');
    expect(row?.textContent).toContain('Aguardando');
  });

  it("offers an annual subscriber's free set with a confirmation and no coupon field", async () => {
    const sent = stubApi({ geral: GERAL, valor: 0 });
    renderRoutes(routes, '/qrcode/purchase');
    expect(await screen.findByText('Grátis no seu plano anual')).not.toBeNull();
    await toPayment();
    expect(screen.getByText(/Seu plano anual inclui um kit de adesivos grátis/)).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Cupom de desconto' })).toBeNull();
    click('Confirmar pedido grátis');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).not.toHaveProperty('coupon');
    expect(sent[0]?.body).not.toHaveProperty('payment_method');
  });
});

describe('/qrcode/orders (docs/payments-and-admin.md "Sticker orders")', () => {
  it('says so when there is no order yet and leads to the purchase', async () => {
    stubApi({ orders: [] });
    renderRoutes(routes, '/qrcode/orders');
    expect(await screen.findByText('Você ainda não pediu adesivos de QR Code.')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir adesivos' }).getAttribute('href')).toBe(
      '/qrcode/purchase',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('writes each status out: Aguardando, Enviado', async () => {
    stubApi({
      orders: [
        { id: 9, created_at: '2026-11-20T15:00:00Z', status: 'E' },
        { id: 8, created_at: '2026-11-02T15:00:00Z', status: 'A' },
      ],
    });
    renderRoutes(routes, '/qrcode/orders');
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'PedidoDataSituação',
      'nº 920/11/2026Enviado',
      'nº 802/11/2026Aguardando',
    ]);
  });
});
