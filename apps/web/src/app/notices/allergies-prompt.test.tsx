import { DEFAULT_PERMISSOES, PERMISSOES_MESSAGES, type Permissoes } from '@pulso/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { AllergiesPrompt, allergiesPromptKey } from './allergies-prompt.tsx';

const TITLE = 'Quem socorrer você ainda não vê suas alergias';
const routes = [{ path: '/home', element: <AllergiesPrompt userId={7} /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Answers `GET /api/permissoes` with what was saved, and the switch's PUT by saving it. */
function stubApi(initial: Permissoes) {
  const saved = { ...initial };
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    if (String(url) === '/api/permissoes' && (init?.method ?? 'GET') === 'GET') {
      return jsonResponse({ permissoes: saved });
    }
    if (String(url) === '/api/permissoes/emergencia' && init?.method === 'PUT') {
      Object.assign(saved, JSON.parse(String(init.body)));
      return jsonResponse({ message: PERMISSOES_MESSAGES.updated, permissoes: saved });
    }
    return jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the /home prompt of the allergies strip', () => {
  it('tells the patient a rescuer does not see their allergies, and turns the strip on at once', async () => {
    setToken('t');
    const fetchMock = stubApi(DEFAULT_PERMISSOES);
    renderRoutes(routes, '/home');
    const prompt = await screen.findByRole('region', { name: TITLE });
    expect(prompt.textContent).toContain('Hoje, um socorrista que ler seu QR Code não os vê.');
    expect(screen.getByRole('link', { name: 'Permissões' }).getAttribute('href')).toBe('/permissoes');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar na aba Emergência' }));
    expect(await screen.findByText(PERMISSOES_MESSAGES.updated)).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: TITLE })).toBeNull());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ emergencia_saude: true });
  });

  it("goes away with 'Agora não' and stays away on this device for this account", async () => {
    setToken('t');
    const fetchMock = stubApi(DEFAULT_PERMISSOES);
    const first = renderRoutes(routes, '/home');
    await screen.findByRole('region', { name: TITLE });
    fireEvent.click(screen.getByRole('button', { name: 'Agora não' }));
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    expect(localStorage.getItem(allergiesPromptKey(7))).not.toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    first.unmount();
    renderRoutes(routes, '/home');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    // Another account on the same device still sees it.
    expect(localStorage.getItem(allergiesPromptKey(8))).toBeNull();
  });

  it('shows nothing when the strip is already on', async () => {
    setToken('t');
    const fetchMock = stubApi({ ...DEFAULT_PERMISSOES, emergencia_saude: true });
    renderRoutes(routes, '/home');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
  });
});
