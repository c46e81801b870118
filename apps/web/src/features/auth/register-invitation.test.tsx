import { AUTH_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/token.ts';
import { warmPasswordRule } from '../../test/password-rule.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import RegisterPage from './register-page.tsx';

beforeAll(warmPasswordRule, 60_000);

const routes = [
  { path: '/register/:code?', element: <RegisterPage /> },
  { path: '/registerCompany/:token', element: <RegisterPage /> },
  { path: '/', element: <h1>Início</h1> },
];
const TOKEN = 'Xk3_9aPq-ZrT0bLm8YwE2dVc7NfH5sJu1GiO4hKyQ6e';
const CHECK_URL = `/api/register/invitation/${TOKEN}`;
const USABLE = { invitation: { company: { nome: 'Construtora Horizonte' } } };
const INVALID = { message: AUTH_MESSAGES.invitationInvalid };

afterEach(() => vi.unstubAllGlobals());

type Answer = (url: string, init?: RequestInit) => Response;

function stubFetch(answer: Answer) {
  const mock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => answer(String(url), init));
  vi.stubGlobal('fetch', mock);
  return mock;
}

async function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Nome e sobrenome'), { target: { value: 'Ana Souza' } });
  fireEvent.input(screen.getByLabelText('Celular'), { target: { value: '11987654321' } });
  await waitFor(() =>
    expect((screen.getByLabelText('Celular') as HTMLInputElement).value).toBe('(11) 98765 4321'),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ana@horizonte.com.br' } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'girassol-azul-na-janela' } });
  fireEvent.change(screen.getByLabelText('Confirme a senha'), {
    target: { value: 'girassol-azul-na-janela' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: /Li e aceito/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('registration with a company invitation (docs/accounts.md "Corporate accounts")', () => {
  it("/registerCompany/:token shows the company's name and posts to /api/register/:token", async () => {
    const fetchMock = stubFetch((url) =>
      url === CHECK_URL
        ? jsonResponse(USABLE)
        : jsonResponse({ user: { id: 7 }, token: 'empresa', message: AUTH_MESSAGES.registered }, 201),
    );
    const { router } = renderRoutes(routes, `/registerCompany/${TOKEN}`);
    expect(await screen.findByText('Convite de Construtora Horizonte')).not.toBeNull();
    expect(screen.getByText(/Sua conta será empresarial/).textContent).toContain('Construtora Horizonte');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Criar conta empresarial');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('empresa');
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe(`/api/register/${TOKEN}`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).not.toHaveProperty('code');
  });

  it('/register/:token (a long token, not a code) is the same invitation form', async () => {
    const fetchMock = stubFetch((url) => (url === CHECK_URL ? jsonResponse(USABLE) : jsonResponse({}, 500)));
    renderRoutes(routes, `/register/${TOKEN}`);
    expect(await screen.findByText('Convite de Construtora Horizonte')).not.toBeNull();
    // The segment was not looked up as a sticker code.
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual([CHECK_URL]);
  });

  it('/register/:code with an 8-character code still looks up the sticker, not an invitation', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ virgin: { code: '123AB456' } }));
    renderRoutes(routes, '/register/123ab456');
    expect(await screen.findByText('Seu código: 123 AB 456')).not.toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/qrcode/virgins/123AB456']);
  });

  it('an invalid or used invitation shows a clear message, a link to plain registration and no form', async () => {
    stubFetch(() => jsonResponse(INVALID, 404));
    const { router } = renderRoutes(routes, `/registerCompany/${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_MESSAGES.invitationInvalid);
    expect(screen.getByText('Convite inválido')).not.toBeNull();
    expect(screen.queryByLabelText('Nome e sobrenome')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Criar conta' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Criar conta sem convite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByLabelText('Nome e sobrenome')).not.toBeNull();
  });

  it('shows no form while checking, and a retry when the check itself fails', async () => {
    let online = false;
    stubFetch((url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return url === CHECK_URL ? jsonResponse(USABLE) : jsonResponse({}, 500);
    });
    renderRoutes(routes, `/registerCompany/${TOKEN}`);
    expect(screen.getByRole('status').textContent).toBe('Verificando seu convite…');
    expect(await screen.findByText('Não foi possível verificar o convite')).not.toBeNull();
    expect(screen.queryByLabelText('Nome e sobrenome')).toBeNull();
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Convite de Construtora Horizonte')).not.toBeNull();
    expect(screen.getByLabelText('Nome e sobrenome')).not.toBeNull();
  });

  it('an invitation used up while the form was open: the 422 token replaces the form by the notice', async () => {
    let used = false;
    stubFetch((url) => {
      if (url === CHECK_URL) return used ? jsonResponse(INVALID, 404) : jsonResponse(USABLE);
      used = true;
      return jsonResponse({ ...INVALID, errors: { token: [AUTH_MESSAGES.invitationInvalid] } }, 422);
    });
    renderRoutes(routes, `/registerCompany/${TOKEN}`);
    expect(await screen.findByText('Convite de Construtora Horizonte')).not.toBeNull();
    await fillAndSubmit();
    expect(await screen.findByText('Convite inválido')).not.toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(getToken()).not.toBe('empresa');
  });
});
