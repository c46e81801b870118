import { passwordProblem } from '@pulso/domain/password-strength';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/token.ts';
import { warmPasswordRule } from '../../test/password-rule.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import RegisterPage from './register-page.tsx';

beforeAll(warmPasswordRule, 60_000);

const routes = [
  { path: '/register/:code?', element: <RegisterPage /> },
  { path: '/', element: <h1>Início</h1> },
];

afterEach(() => vi.unstubAllGlobals());

async function fillStep1() {
  fireEvent.change(screen.getByLabelText('Nome e sobrenome'), { target: { value: 'Ana Souza' } });
  fireEvent.input(screen.getByLabelText('Celular'), { target: { value: '11987654321' } });
  await waitFor(() =>
    expect((screen.getByLabelText('Celular') as HTMLInputElement).value).toBe('(11) 98765 4321'),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
  await screen.findByLabelText('E-mail');
}

function fillStep2() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'girassol-azul-na-janela' } });
  fireEvent.change(screen.getByLabelText('Confirme a senha'), {
    target: { value: 'girassol-azul-na-janela' },
  });
}

describe('/register (docs/accounts.md "Registration")', () => {
  it('validates step 1 before moving on', async () => {
    renderRoutes(routes, '/register');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('Informe o seu nome e sobrenome')).not.toBeNull();
    expect(screen.getByText('Informe um número de celular válido')).not.toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });

  it("keeps 'Criar conta' disabled until the terms checkbox is ticked", async () => {
    renderRoutes(routes, '/register');
    await fillStep1();
    const submit = screen.getByRole('button', { name: 'Criar conta' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Li e aceito os Termos de uso/ }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: /Li e aceito os Termos de uso/ }));
    expect(submit.disabled).toBe(true);
  });

  it("keeps step 1's data when going back", async () => {
    renderRoutes(routes, '/register');
    await fillStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect((screen.getByLabelText('Nome e sobrenome') as HTMLInputElement).value).toBe('Ana Souza');
    expect((screen.getByLabelText('Celular') as HTMLInputElement).value).toBe('(11) 98765 4321');
  });

  it('sends telefone as digits with the available code, then signs in', async () => {
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url).startsWith('/api/qrcode/virgins/')
        ? jsonResponse({ virgin: { code: '123AB456' } })
        : jsonResponse({ user: { id: 1 }, token: 'novo', message: 'Cadastro realizado com sucesso' }, 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/register/123ab456');
    expect(await screen.findByText('Seu código: 123 AB 456')).not.toBeNull();
    await fillStep1();
    fillStep2();
    fireEvent.click(screen.getByRole('checkbox', { name: /Li e aceito/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('novo');
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe('/api/register');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Ana Souza',
      telefone: '11987654321',
      email: 'ana@example.com',
      password: 'girassol-azul-na-janela',
      password_confirmation: 'girassol-azul-na-janela',
      terms: true,
      newsletter: false,
      code: '123AB456',
    });
  });

  it('warns when the code is not available and registers without it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Código não encontrado' }, 404)),
    );
    renderRoutes(routes, '/register/999ZZ999');
    expect(
      await screen.findByText('Este código não está disponível para cadastro. Você receberá um novo código.'),
    ).not.toBeNull();
  });

  it('puts a 422 on a step-1 field back on step 1, under the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: 'Informe um número de celular válido',
            errors: { telefone: ['Informe um número de celular válido'] },
          },
          422,
        ),
      ),
    );
    renderRoutes(routes, '/register');
    await fillStep1();
    fillStep2();
    fireEvent.click(screen.getByRole('checkbox', { name: /Li e aceito/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    const phone = await screen.findByLabelText('Celular');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toContain('Informe um número de celular válido');
    await waitFor(() => expect(document.activeElement).toBe(phone));
  });

  it('shows the password’s strength as it is typed, with zxcvbn’s pt-BR feedback', async () => {
    renderRoutes(routes, '/register');
    await fillStep1();
    const meter = screen.getByTestId('password-strength');
    const type = (value: string) => fireEvent.change(screen.getByLabelText('Senha'), { target: { value } });
    type('12345678');
    await waitFor(() => expect(meter.textContent).toContain('Força da senha: Muito fraca (ainda não serve)'));
    expect(within(meter).getByText('Esta é uma senha muito usada.')).not.toBeNull();
    expect(within(meter).getByText('Adicione mais palavras menos comuns.')).not.toBeNull();
    expect(meter.getAttribute('aria-live')).toBe('polite');
    // The name typed on step 1 and the e-mail count.
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana.souza@example.com' } });
    type('Souza-e-o-gato-malhado');
    await waitFor(() =>
      expect(within(meter).getByText('A senha não pode conter o seu nome nem o seu e-mail.')).not.toBeNull(),
    );
    type('girassol-azul-na-janela');
    await waitFor(() => expect(meter.textContent).toBe('Força da senha: Forte'));
  });

  it('refuses a weak password on submit with the server’s message, sending nothing', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/register');
    await fillStep1();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'aaaaaaaa' } });
    fireEvent.change(screen.getByLabelText('Confirme a senha'), { target: { value: 'aaaaaaaa' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Li e aceito/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    const message = passwordProblem('aaaaaaaa') ?? '';
    expect(message).toMatch(/^Senha fraca\./);
    expect(await screen.findByText(message)).not.toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/register')).toBe(false);
  });
});
