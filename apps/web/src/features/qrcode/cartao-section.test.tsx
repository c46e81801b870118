import type { CartaoFacts } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { CARTAO_FACTS } from '../../test/cartao-fixtures.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import QrcodeGeneratePage from './qrcode-generate-page.tsx';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';

const FACTS = CARTAO_FACTS;

function stubApi(facts: CartaoFacts = FACTS) {
  const fetchMock = vi.fn(async (url: string | URL | Request) => {
    const path = String(url);
    if (path === '/api/qrcode') {
      return jsonResponse({ qrcode: { code: facts.code, url: facts.url, svg }, orders: [] });
    }
    if (path === '/api/qrcode/cartao') return jsonResponse({ cartao: facts });
    if (path.startsWith('/api/qrcode/cartao/')) return new Response(new Uint8Array([1, 2, 3]));
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

async function preview() {
  return within(await screen.findByRole('figure', { name: 'Prévia da tela de bloqueio' }));
}

describe('/qrcode/generate: lock-screen image and wallet card (docs/emergency-card.md)', () => {
  it('ticks every filled-in fact by default, offers no tick for an empty one, and previews them', async () => {
    stubApi();
    renderRoutes(routes, '/qrcode/generate');
    const alergias = (await screen.findByRole('checkbox', { name: 'Alergias' })) as HTMLInputElement;
    const contato = screen.getByRole('checkbox', { name: 'Contato de emergência' }) as HTMLInputElement;
    expect(alergias.checked).toBe(true);
    expect(contato.checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Medicamentos' })).toBeNull();
    const shown = await preview();
    expect(shown.getByText('Conceição Araújo')).not.toBeNull();
    expect(shown.getByText('O-')).not.toBeNull();
    expect(shown.getByText('Penicilina', { exact: false })).not.toBeNull();
    expect(shown.getByText(FACTS.contato as string, { exact: false })).not.toBeNull();
    expect(shown.getByText('123 AB 456')).not.toBeNull();
    expect(screen.getByText(/iPhone:/)).not.toBeNull();
    expect(screen.getByText(/Android:/)).not.toBeNull();
  });

  it('takes an unticked fact off the preview and off the files asked for', async () => {
    setToken('t0k3n');
    const fetchMock = stubApi();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderRoutes(routes, '/qrcode/generate');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Alergias' }));
    expect((await preview()).queryByText('Penicilina', { exact: false })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Android (1080 × 2400)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Baixar imagem para a tela de bloqueio' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe(
      '/api/qrcode/cartao/tela?formato=1080x2400&alergias=false&medicamentos=false&contato=true',
    );
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t0k3n');
    expect(clicked[0]?.download).toBe('pulso-tela-de-bloqueio-123AB456-1080x2400.png');

    fireEvent.click(screen.getByRole('button', { name: 'Baixar cartão para a carteira' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      '/api/qrcode/cartao/carteira?alergias=false&medicamentos=false&contato=true',
    );
    expect(clicked[1]?.download).toBe('pulso-cartao-123AB456.pdf');
  });

  it('explains where the facts come from when none is filled in', async () => {
    stubApi({ ...FACTS, alergias: null, contato: null, sangue: null });
    renderRoutes(routes, '/qrcode/generate');
    expect(await screen.findByText(/aparecem aqui quando preenchidos/)).not.toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
