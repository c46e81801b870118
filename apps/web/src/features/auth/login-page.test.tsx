import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <h1>Início</h1> },
  { path: '/timeline', element: <h1>Linha do tempo</h1> },
];

afterEach(() => vi.unstubAllGlobals());

describe('/login (docs/accounts.md "Sign-in")', () => {
  it("shows 'Informe seu e-mail' and 'Informe sua senha' when submitted empty, focusing the e-mail", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail')).not.toBeNull();
    expect(screen.getByText('Informe sua senha')).not.toBeNull();
    const email = screen.getByLabelText('E-mail');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain('error');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in, stores the token and returns to the page the guard stopped at', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ user: { id: 1, name: 'Ana' }, token: 't0k3n', message: 'ok' })),
    );
    const { router } = renderRoutes(routes, {
      pathname: '/login',
      state: { from: { pathname: '/timeline', search: '', hash: '' } },
    });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Ana@Example.com ' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo123' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Entrar como paciente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline'));
    expect(getToken()).toBe('t0k3n');
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@example.com', password: 'segredo123' });
  });

  it('shows the server message in the snackbar when the login fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { message: 'E-mail ou senha incorretos', errors: { email: ['E-mail ou senha incorretos'] } },
          422,
        ),
      ),
    );
    renderRoutes(routes, '/login');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('E-mail ou senha incorretos');
    expect(getToken()).toBeNull();
  });

  it("leads doctors from the 'Médico' tab to their own area, /medico", async () => {
    renderRoutes(routes, '/login');
    fireEvent.click(screen.getByRole('tab', { name: 'Médico' }));
    const link = await screen.findByRole('link', { name: 'Ir para a área do médico' });
    expect(link.getAttribute('href')).toBe('/medico');
    expect(screen.getByRole('tab', { name: 'Médico' }).getAttribute('aria-selected')).toBe('true');
  });

  it('names the password toggle', () => {
    renderRoutes(routes, '/login');
    const toggle = screen.getByRole('button', { name: 'Mostrar senha' });
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Ocultar senha' })).not.toBeNull();
    expect(screen.getByLabelText('Senha').getAttribute('type')).toBe('text');
  });
});
