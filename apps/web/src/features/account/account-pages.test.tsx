import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from '../../lib/token.ts';
import { warmPasswordRule } from '../../test/password-rule.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import EmailVerifyPage from './email-verify-page.tsx';
import PasswordResetPage from './password-reset-page.tsx';

beforeAll(warmPasswordRule, 60_000);

const routes = [
  { path: '/email/verify/:token', element: <EmailVerifyPage /> },
  { path: '/password/reset/:token', element: <PasswordResetPage /> },
  { path: '/login', element: <h1>Entrar</h1> },
  { path: '/', element: <h1>Início</h1> },
];

type Call = { url: string; method: string; body: unknown };

/** Stubs fetch with `answer` and records the calls. */
function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('/email/verify/:token (docs/accounts.md "E-mail verification")', () => {
  it('confirms once, shows the message, then goes to /login for a guest', async () => {
    const calls = stubFetch(() => jsonResponse({ message: 'E-mail confirmado com sucesso' }));
    const { router } = renderRoutes(routes, '/email/verify/abc-123');
    expect(await screen.findByText('E-mail confirmado com sucesso')).not.toBeNull();
    expect(calls).toEqual([{ url: '/api/email/verify/abc-123', method: 'PUT', body: undefined }]);
    expect(router.state.location.pathname).toBe('/email/verify/abc-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
  });

  it('goes to / when signed in, also after an error, and shows the error message', async () => {
    setToken('t0k3n');
    const message = 'Este link de confirmação é inválido, expirou ou já foi usado.';
    stubFetch(() => jsonResponse({ message, errors: { token: [message] } }, 422));
    const { router } = renderRoutes(routes, '/email/verify/usado');
    expect(await screen.findByText(message)).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Não foi possível confirmar seu e-mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
  });
});

describe('/password/reset/:token?email= (docs/accounts.md "Forgotten password")', () => {
  const url = '/password/reset/tok-1?email=ana%2Bx%40example.com';

  it('shows the e-mail read-only and requires both fields', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    renderRoutes(routes, url);
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.value).toBe('ana+x@example.com');
    expect(email.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(screen.getAllByText('Este campo é obrigatório')).toHaveLength(2));
    expect(calls).toEqual([]);
  });

  it("clears the confirmation when it differs, with 'As senhas devem ser iguais'", async () => {
    const calls = stubFetch(() => jsonResponse({}));
    renderRoutes(routes, url);
    fireEvent.change(screen.getByLabelText(/^Nova senha/), { target: { value: 'nova-senha-123' } });
    const confirmation = screen.getByLabelText(/^Confirme a nova senha/) as HTMLInputElement;
    fireEvent.change(confirmation, { target: { value: 'outra-senha-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('As senhas devem ser iguais')).not.toBeNull();
    expect(confirmation.value).toBe('');
    expect(calls).toEqual([]);
  });

  it('posts token, e-mail and passwords, forgets the stored token and goes to /login', async () => {
    setToken('antigo');
    const calls = stubFetch(() => jsonResponse({ message: 'Senha redefinida com sucesso' }));
    const { router } = renderRoutes(routes, url);
    fireEvent.change(screen.getByLabelText(/^Nova senha/), { target: { value: 'nova-senha-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirme a nova senha/), {
      target: { value: 'nova-senha-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([
      {
        url: '/api/password/reset',
        method: 'POST',
        body: {
          token: 'tok-1',
          email: 'ana+x@example.com',
          password: 'nova-senha-123',
          password_confirmation: 'nova-senha-123',
        },
      },
    ]);
    expect(getToken()).toBeNull();
    expect(await screen.findByText('Senha redefinida com sucesso')).not.toBeNull();
  });

  it('shows the strength live and refuses the e-mail of the link or a weak password, posting nothing', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    renderRoutes(routes, url);
    const meter = screen.getByTestId('password-strength');
    const password = screen.getByLabelText(/^Nova senha/);
    fireEvent.change(password, { target: { value: 'password' } });
    await waitFor(() => expect(meter.textContent).toContain('Força da senha: Muito fraca (ainda não serve)'));
    expect(meter.textContent).toContain('Esta é uma senha muito usada.');
    for (const weak of ['password', 'ana+x@example.com']) {
      fireEvent.change(password, { target: { value: weak } });
      fireEvent.change(screen.getByLabelText(/^Confirme a nova senha/), { target: { value: weak } });
      fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
      const message =
        weak === 'password' ? /^Senha fraca\. Esta é uma senha muito usada\./ : /não pode conter/;
      await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0));
    }
    expect(calls).toEqual([]);
  });

  it('shows the server message for a used link and stays on the page', async () => {
    const message = 'Este link de redefinição é inválido, expirou ou já foi usado.';
    stubFetch(() => jsonResponse({ message, errors: { token: [message] } }, 422));
    const { router } = renderRoutes(routes, url);
    fireEvent.change(screen.getByLabelText(/^Nova senha/), { target: { value: 'nova-senha-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirme a nova senha/), {
      target: { value: 'nova-senha-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(message)).not.toBeNull();
    expect(router.state.location.pathname).toBe('/password/reset/tok-1');
  });
});
