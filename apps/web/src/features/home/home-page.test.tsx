import type { UserView } from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { makeUserView } from '../../test/users.ts';
import { CIDADE_SEARCH_DEBOUNCE_MS, shouldSearchCidade } from '../../ui/cidades/search-cidades.ts';
import HomePage from './home-page.tsx';

function makeUser(overrides: Partial<UserView> = {}): UserView {
  return makeUserView({
    pessoal: {
      telefone: '11987654321',
      contato: 'João',
      contato_telefone: '1133334444',
      contato_relacao: 'C',
    },
    caracteristicas: { peso: 80, altura: 1.7, cor: 3, olhos: 2, sinal: null },
    geral: {
      nascimento: '1990-05-17',
      sexo: 'F',
      sangue: 7,
      endereco: 'Rua A, 10',
      bairro: 'Centro',
      cidade: { id: 3550308, descricao: 'São Paulo - SP' },
      complemento: null,
    },
    ...overrides,
  });
}

type Call = { url: string; method: string; body: unknown };

/** A fake API: GET /home answers `user`; PUTs echo their body into it; city searches answer `cidades`. */
function fakeApi(user: UserView, cidades = [{ id: 3304557, descricao: 'Rio de Janeiro - RJ' }]) {
  const calls: Call[] = [];
  let current = user;
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    if (url === '/api/home') return jsonResponse({ user: current });
    if (url.startsWith('/api/cidades/search/')) return jsonResponse({ cidades });
    const section = /^\/api\/home\/(pessoal|caracteristicas|geral)$/.exec(url)?.[1];
    if (method === 'PUT' && section) {
      current = { ...current, [section]: body } as UserView;
      return jsonResponse({ user: current, message: 'Salvo com sucesso' });
    }
    return jsonResponse({ message: 'não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function renderHome() {
  return renderRoutes([{ path: '/home', element: <HomePage /> }], '/home');
}

async function openCard(name: string) {
  const card = await screen.findByRole('region', { name });
  fireEvent.click(within(card).getByRole('button', { name: /^Editar/ }));
  return card;
}

/** The body of the one PUT sent. */
function putBody<T>(calls: Call[]): T {
  const puts = calls.filter((c) => c.method === 'PUT');
  expect(puts).toHaveLength(1);
  return puts[0]!.body as T;
}

const searches = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/api/cidades/search/'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/home header', () => {
  it('shows the name as the heading, the code as ### AA ### and the last edit date', async () => {
    fakeApi(makeUser({ avatar: '/api/avatars/abc.png' }));
    renderHome();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ana Souza');
    expect(screen.getByText('123 AB 456')).not.toBeNull();
    expect(screen.getByText('Última alteração: 10/03/2026')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Foto de Ana Souza' }).getAttribute('src')).toBe(
      '/api/avatars/abc.png',
    );
  });
});

describe('loading and failure', () => {
  it("shows 'Carregando ...', then an error with 'Tentar novamente' that loads again", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ message: 'Acesso negado' }, 403))
      .mockResolvedValue(jsonResponse({ user: makeUser() }));
    vi.stubGlobal('fetch', fetchMock);
    renderHome();
    expect(screen.getByRole('status').textContent).toContain('Carregando ...');
    expect(await screen.findByText('Acesso negado')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).textContent).toBe(
      'Ana Souza',
    );
  });
});

describe('view mode', () => {
  it('shows pt-BR labels and values, and Não informado for blanks', async () => {
    fakeApi(makeUser());
    renderHome();
    const geral = await screen.findByRole('region', { name: 'Informações gerais' });
    expect(within(geral).getByText('O+')).not.toBeNull();
    expect(within(geral).getByText('Feminino')).not.toBeNull();
    expect(within(geral).getByText('17/05/1990')).not.toBeNull();
    expect(within(geral).getByText('São Paulo - SP')).not.toBeNull();
    expect(within(geral).getByText('Não informado')).not.toBeNull();
    const pessoal = screen.getByRole('region', { name: 'Informações pessoais' });
    expect(within(pessoal).getByText('(11) 98765 4321')).not.toBeNull();
    expect(within(pessoal).getByText('(11) 3333 4444')).not.toBeNull();
    expect(within(pessoal).getByText('Cônjuge')).not.toBeNull();
    const fisicas = screen.getByRole('region', { name: 'Características físicas' });
    expect(within(fisicas).getByText('80,0 kg')).not.toBeNull();
    expect(within(fisicas).getByText('1,70 m')).not.toBeNull();
  });
});

describe('Características físicas (docs/accounts.md "Physical characteristics")', () => {
  it("sends 72.5 for '72,5' and 1.75 for '1,75', then shows them in view mode", async () => {
    const { calls } = fakeApi(makeUser());
    renderHome();
    const card = await openCard('Características físicas');
    fireEvent.input(within(card).getByLabelText('Peso'), { target: { value: '72,5' } });
    fireEvent.input(within(card).getByLabelText('Altura'), { target: { value: '175' } });
    await waitFor(() =>
      expect((within(card).getByLabelText('Altura') as HTMLInputElement).value).toBe('1,75'),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Salvo com sucesso')).not.toBeNull();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/home/caracteristicas');
    expect(put?.body).toEqual({ peso: 72.5, altura: 1.75, cor: 3, olhos: 2, sinal: null });
    expect(await within(card).findByText('72,5 kg')).not.toBeNull();
    expect(within(card).getByText('1,75 m')).not.toBeNull();
  });

  it("reads '100' as 100 kg, not 10,0", async () => {
    const { calls } = fakeApi(makeUser());
    renderHome();
    const card = await openCard('Características físicas');
    const peso = within(card).getByLabelText('Peso') as HTMLInputElement;
    fireEvent.input(peso, { target: { value: '100' } });
    await waitFor(() => expect(peso.value).toBe('100'));
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo com sucesso');
    expect(putBody<{ peso: number }>(calls).peso).toBe(100);
  });

  it('keeps what was typed and shows a 422 under the field and in the snackbar', async () => {
    fakeApi(makeUser());
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/home/caracteristicas'
        ? jsonResponse(
            {
              message: 'Informe um peso entre 10 e 400 kg',
              errors: { peso: ['Informe um peso entre 10 e 400 kg'] },
            },
            422,
          )
        : (original as typeof fetch)(input, init),
    );
    renderHome();
    const card = await openCard('Características físicas');
    fireEvent.input(within(card).getByLabelText('Peso'), { target: { value: '72,5' } });
    fireEvent.change(within(card).getByLabelText('Sinais particulares'), {
      target: { value: 'Tatuagem no braço' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Informe um peso entre 10 e 400 kg');
    const peso = within(card).getByLabelText('Peso') as HTMLInputElement;
    await waitFor(() => expect(peso.getAttribute('aria-invalid')).toBe('true'));
    expect(peso.value).toBe('72,5');
    expect((within(card).getByLabelText('Sinais particulares') as HTMLTextAreaElement).value).toBe(
      'Tatuagem no braço',
    );
  });
});

describe('Cancelar', () => {
  it('restores the saved values and sends nothing', async () => {
    const { calls } = fakeApi(makeUser());
    renderHome();
    let card = await openCard('Informações pessoais');
    fireEvent.change(within(card).getByLabelText('Contato de emergência'), { target: { value: 'Maria' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(within(card).getByText('João')).not.toBeNull();
    expect(within(card).queryByText('Maria')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Editar'));
    card = await openCard('Informações pessoais');
    expect((within(card).getByLabelText('Contato de emergência') as HTMLInputElement).value).toBe('João');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('requires the mobile phone', async () => {
    const { calls } = fakeApi(makeUser());
    renderHome();
    const card = await openCard('Informações pessoais');
    fireEvent.input(within(card).getByLabelText(/Telefone celular/), { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByText('Informe o número do seu telefone celular')).not.toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('cidade search (docs/accounts.md "Cities")', () => {
  it('shouldSearchCidade: more than one character and not the chosen city', () => {
    expect(shouldSearchCidade('', null)).toBe(false);
    expect(shouldSearchCidade(' s ', null)).toBe(false);
    expect(shouldSearchCidade('sa', null)).toBe(true);
    expect(shouldSearchCidade('São Paulo - SP', 'São Paulo - SP')).toBe(false);
    expect(shouldSearchCidade('São Paulo - S', 'São Paulo - SP')).toBe(true);
  });

  it('searches only for more than one character, never for the chosen city, and sends the choice', async () => {
    const { calls } = fakeApi(makeUser());
    renderHome();
    const card = await openCard('Informações gerais');
    const input = within(card).getByRole('combobox', { name: 'Cidade' }) as HTMLInputElement;
    expect(input.value).toBe('São Paulo - SP');

    // Entering edit mode with the chosen city's own name does not search.
    await new Promise((r) => setTimeout(r, CIDADE_SEARCH_DEBOUNCE_MS + 100));
    expect(searches(calls)).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'r' } });
    await new Promise((r) => setTimeout(r, CIDADE_SEARCH_DEBOUNCE_MS + 100));
    expect(searches(calls)).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'ri' } });
    await waitFor(() => expect(searches(calls).map((c) => c.url)).toEqual(['/api/cidades/search/ri']));

    fireEvent.click(await screen.findByRole('option', { name: 'Rio de Janeiro - RJ' }));
    await waitFor(() => expect(input.value).toBe('Rio de Janeiro - RJ'));
    await new Promise((r) => setTimeout(r, CIDADE_SEARCH_DEBOUNCE_MS + 100));
    expect(searches(calls)).toHaveLength(1);

    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    });
    await screen.findByText('Salvo com sucesso');
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/api/home/geral');
    expect(putBody<{ cidade: unknown }>(calls).cidade).toEqual({
      id: 3304557,
      descricao: 'Rio de Janeiro - RJ',
    });
  });

  it('asks to choose from the list when the text is not a chosen city; clearing clears the city', async () => {
    const { calls } = fakeApi(makeUser());
    renderHome();
    const card = await openCard('Informações gerais');
    const input = within(card).getByRole('combobox', { name: 'Cidade' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Cidade inventada' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(card).findByText('Escolha a cidade na lista', { selector: '.mantine-InputWrapper-error' }),
    ).not.toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo com sucesso');
    expect(putBody<{ cidade: unknown }>(calls).cidade).toBeNull();
  });
});

describe('/home with an unconfirmed e-mail (docs/accounts.md "E-mail verification")', () => {
  afterEach(clearToken);

  it('shows only the notice, and Reenviar e-mail shows the answer', async () => {
    setToken('t0k3n');
    const user = { id: 1, name: 'Ana Souza', email: 'ana@example.com', email_verified_at: null } as UserView;
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const call = { url: String(input), method: init?.method ?? 'GET', body: undefined };
        calls.push(call);
        return call.url === '/api/home'
          ? jsonResponse({ user })
          : jsonResponse({
              message: 'Enviamos um novo e-mail de confirmação. Confira sua caixa de entrada.',
            });
      }),
    );
    renderHome();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Confirme seu e-mail');
    expect(screen.getByText('ana@example.com')).not.toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar e-mail' }));
    expect(await screen.findByText(/Enviamos um novo e-mail de confirmação/)).not.toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/home', 'GET /api/email/resend']);
  });
});
