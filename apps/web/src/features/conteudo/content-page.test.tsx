import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import PoliticaPage from './politica-page.tsx';
import TermosPage from './termos-page.tsx';

const routes = [
  { path: '/termos-de-uso', element: <TermosPage /> },
  { path: '/politica-de-privacidade', element: <PoliticaPage /> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/termos-de-uso and /politica-de-privacidade', () => {
  it('renders the title as <h1> and the sanitised HTML, with no script or handler reaching the page', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          titulo: 'Termos de uso',
          html: '<h2>1. O que é o Pulso</h2><p>Texto.</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="/politica-de-privacidade">Política</a>',
          updated_at: '2026-11-22T00:00:00.000Z',
        }),
      ),
    );
    renderRoutes(routes, '/termos-de-uso');
    expect(await screen.findByRole('heading', { level: 2, name: '1. O que é o Pulso' })).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de uso' })).not.toBeNull();
    expect(document.querySelector('article img, article script, [onerror]')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/termos');
    expect(document.title).toBe('Termos de uso · Pulso');
  });

  it('follows a link to a path of the app inside the SPA', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse(
          url === '/api/termos'
            ? {
                titulo: 'Termos de uso',
                html: '<p><a href="/politica-de-privacidade">Política</a></p>',
                updated_at: '2026-11-22T00:00:00.000Z',
              }
            : {
                titulo: 'Política de privacidade',
                html: '<h2>Controlador</h2>',
                updated_at: '2026-11-22T00:00:00.000Z',
              },
        ),
      ),
    );
    const { router } = renderRoutes(routes, '/termos-de-uso');
    fireEvent.click(await screen.findByRole('link', { name: 'Política' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/politica-de-privacidade'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Controlador' })).not.toBeNull();
  });

  it('shows a loading state, then an error with a retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? jsonResponse({ message: 'Página não encontrada' }, 404)
          : jsonResponse({
              titulo: 'Política de privacidade',
              html: '<p>Ok</p>',
              updated_at: '2026-11-22T00:00:00.000Z',
            }),
      ),
    );
    renderRoutes(routes, '/politica-de-privacidade');
    expect(screen.getByRole('status', { name: 'Carregando o texto' })).not.toBeNull();
    expect(await screen.findByText('Página não encontrada', {}, { timeout: 5000 })).not.toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ok')).not.toBeNull();
  });
});
