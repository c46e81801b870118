import { CODE_REPLACED_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import QrcodeGeneratePage from './qrcode-generate-page.tsx';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';

function answer(orders: unknown[] = []) {
  return { qrcode: { code: '123AB456', url: 'http://localhost:3000/code/123AB456', svg }, orders };
}

function stubApi(orders: unknown[] = []) {
  const fetchMock = vi.fn(async (url: string | URL | Request) => {
    if (String(url) === '/api/qrcode') return jsonResponse(answer(orders));
    if (String(url) === '/api/qrcode/substituir') {
      return jsonResponse({
        message: CODE_REPLACED_MESSAGES.done,
        qrcode: { code: '987CD654', url: 'http://localhost:3000/code/987CD654', svg },
      });
    }
    if (String(url) === '/api/qrcode/download') {
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { 'Content-Type': 'image/png' },
      });
    }
    return jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const routes = [{ path: '/qrcode/generate', element: <QrcodeGeneratePage /> }];

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('/qrcode/generate (docs/codes.md "My QR code")', () => {
  it('shows the QR code as a data: image and the code as `### AA ###`', async () => {
    stubApi();
    renderRoutes(routes, '/qrcode/generate');
    const img = (await screen.findByAltText('QR Code do seu código pessoal')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(svg)}`);
    expect(screen.getByText('123 AB 456')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir adesivos' }).getAttribute('href')).toBe(
      '/qrcode/purchase',
    );
    expect(screen.getByRole('link', { name: 'revisar meus dados de emergência' }).getAttribute('href')).toBe(
      '/home',
    );
  });

  it("hides 'Meus pedidos' while there are no orders", async () => {
    stubApi([]);
    renderRoutes(routes, '/qrcode/generate');
    await screen.findByText('123 AB 456');
    expect(screen.queryByRole('link', { name: 'Meus pedidos' })).toBeNull();
  });

  it("shows 'Meus pedidos' once there is an order", async () => {
    stubApi([{ id: 1 }]);
    renderRoutes(routes, '/qrcode/generate');
    const link = await screen.findByRole('link', { name: 'Meus pedidos' });
    expect(link.getAttribute('href')).toBe('/qrcode/orders');
  });

  it('downloads the PNG with the bearer token as pulso-qrcode-<code>.png', async () => {
    setToken('t0k3n');
    const fetchMock = stubApi();
    const createObjectURL = vi.fn(() => 'blob:qr');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderRoutes(routes, '/qrcode/generate');
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar QR Code' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe('/api/qrcode/download');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t0k3n');
    expect(clicked[0]?.download).toBe('pulso-qrcode-123AB456.png');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:qr');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when the QR code cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Erro no servidor' }, 500)),
    );
    renderRoutes(routes, '/qrcode/generate');
    expect(await screen.findByText('Erro no servidor', {}, { timeout: 8000 })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).not.toBeNull();
  }, 10_000);

  it("'Perdi meu adesivo' asks first, then shows the new code and offers stickers with it", async () => {
    const fetchMock = stubApi();
    renderRoutes(routes, '/qrcode/generate');
    fireEvent.click(await screen.findByRole('button', { name: 'Perdi meu adesivo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Trocar seu código?' });
    expect(dialog.textContent).toContain('seus dados continuam os mesmos');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/qrcode/substituir');
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Perdi meu adesivo' }));
    dialog = await screen.findByRole('dialog', { name: 'Trocar seu código?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Trocar meu código' }));
    expect(await screen.findByText('987 CD 654')).not.toBeNull();
    expect(screen.queryByText('123 AB 456')).toBeNull();
    expect(posts()).toHaveLength(1);
    const post = posts()[0] as unknown as [string, RequestInit] | undefined;
    expect(post?.[1].method).toBe('POST');
    expect(screen.getAllByText(CODE_REPLACED_MESSAGES.done).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: CODE_REPLACED_MESSAGES.orderNew }).getAttribute('href')).toBe(
      '/qrcode/purchase',
    );
  });
});
