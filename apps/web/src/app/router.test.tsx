import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/token.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

const user = { id: 1, name: 'Ana Souza', email: 'ana@example.com' };

function stubApi(mensagens = 0) {
  const fetchMock = vi.fn(async (url: string | URL | Request) => {
    if (String(url) === '/api/user') return jsonResponse({ user, mensagens });
    if (String(url) === '/api/logout') return jsonResponse({ user });
    return jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('routing (docs/architecture.md "Routes of the web app")', () => {
  it('sends a visitor without a token from an authenticated path to /login, keeping the target', async () => {
    const { router } = renderRoutes(routes, '/planos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).not.toBeNull();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/planos' } });
  });

  // Every authenticated path of docs/architecture.md "Routes of the web app" is built since issue 8: none
  // shows 'Em breve' any more.
  it('shows an authenticated page inside the shell', async () => {
    setToken('t');
    stubApi();
    renderRoutes(routes, '/qrcode/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meus pedidos' })).not.toBeNull();
    expect(screen.queryByText('Em breve')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ler QR Code' }).getAttribute('href')).toBe('/qrcode/read');
  });

  it("answers unknown paths with 'Página não encontrada'", async () => {
    renderRoutes(routes, '/nada-aqui');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).not.toBeNull();
  });

  it('redirects / to /home', async () => {
    setToken('t');
    stubApi();
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});

describe('shell (docs/architecture.md "Shell")', () => {
  it('labels the Telemedicina tab with the unread count from GET /api/user', async () => {
    setToken('t');
    stubApi(3);
    renderRoutes(routes, '/timeline');
    const tabs = await screen.findByRole('navigation', { name: 'Seções' });
    const tele = await within(tabs).findByRole('link', { name: 'Telemedicina, 3 mensagens novas' });
    expect(tele.getAttribute('href')).toBe('/telemedicina');
    const current = within(tabs).getByRole('link', { current: 'page' });
    expect(current.getAttribute('href')).toBe('/timeline');
  });

  it('lists the drawer entries in the documented order and logs out with Sair', async () => {
    setToken('t');
    const fetchMock = stubApi();
    const { router, queryClient } = renderRoutes(routes, '/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Configurações',
      'Meu QR Code',
      'Meu cartão de emergência',
      'Permissões',
      'Ler QR Code',
      'Mapa da dor',
      'Indicadores de saúde',
      'Score de saúde',
      'Dicas de saúde',
      'Planos',
      'Perguntas frequentes',
      'Dispositivos',
    ]);
    fireEvent.click(within(menu).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/logout')).toBe(true);
  });
});
