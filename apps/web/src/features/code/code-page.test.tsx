import type { PublicEmergencyView } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../app/api.ts';
import { setToken } from '../../app/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import CodePage from './code-page.tsx';

const maria: PublicEmergencyView = {
  name: 'Maria da Silva',
  code: '123AB456',
  avatar: '/api/avatars/abc.png',
  idade: 34,
  pessoal: {
    telefone: '11987654321',
    contato: 'João Souza',
    contato_telefone: '11912345678',
    contato_relacao: 'C',
  },
  caracteristicas: { peso: 68.5, altura: 1.65, cor: 3, olhos: 2, sinal: 'Tatuagem no braço esquerdo' },
  geral: {
    nascimento: '1991-05-17',
    sexo: 'F',
    sangue: 7,
    endereco: 'Rua das Flores, 10',
    bairro: 'Centro',
    cidade: { id: 3550308, descricao: 'São Paulo - SP' },
    complemento: null,
  },
  outras: { doador: 'S' },
  updated_at: '2025-03-10T15:00:00.000Z',
};

const empty: PublicEmergencyView = {
  name: 'José',
  code: '999ZZ999',
  avatar: null,
  idade: null,
  pessoal: { telefone: null, contato: null, contato_telefone: null, contato_relacao: null },
  caracteristicas: { peso: null, altura: null, cor: null, olhos: null, sinal: null },
  geral: {
    nascimento: null,
    sexo: null,
    sangue: null,
    endereco: null,
    bairro: null,
    cidade: null,
    complemento: null,
  },
  outras: { doador: null },
  updated_at: '2025-03-10T15:00:00.000Z',
};

const routes = [
  { path: '/code/:code', element: <CodePage /> },
  { path: '/register/:code?', element: <h1>Criar conta</h1> },
];

function stubFetch(...answers: Response[]) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      answers.shift() ?? jsonResponse({ message: 'sem resposta' }, 500),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('/code/:code (spec 2 §2 public patient view)', () => {
  it('shows name, age, blood type and the emergency contact with call links first', async () => {
    const fetchMock = stubFetch(jsonResponse({ user: maria }));
    renderRoutes(routes, '/code/123AB456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/code/123AB456');
    expect(screen.getByText('34 anos · Feminino')).not.toBeNull();
    expect(screen.getByText('Tipo sanguíneo').parentElement?.textContent).toBe('Tipo sanguíneoO+');
    expect(screen.getByAltText('Foto de Maria da Silva').getAttribute('src')).toBe('/api/avatars/abc.png');
    const contact = screen.getByRole('region', { name: 'Contato de emergência' });
    expect(within(contact).getByText('João Souza')).not.toBeNull();
    expect(within(contact).getByText('(Cônjuge)', { exact: false })).not.toBeNull();
    expect(within(contact).getByText('(11) 91234 5678')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ligar para João Souza' }).getAttribute('href')).toBe(
      'tel:+5511912345678',
    );
    expect(screen.getByRole('link', { name: 'Ligar SAMU 192' }).getAttribute('href')).toBe('tel:192');
    expect(screen.getByRole('link', { name: 'Ligar Bombeiros 193' }).getAttribute('href')).toBe('tel:193');
  });

  it('shows the rest of the emergency data and the date of the last update', async () => {
    stubFetch(jsonResponse({ user: maria }));
    renderRoutes(routes, '/code/123AB456');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Peso')).toBe('68,5 kg');
    expect(value('Altura')).toBe('1,65 m');
    expect(value('Cor')).toBe('Parda');
    expect(value('Olhos')).toBe('Castanhos');
    expect(value('Sinais particulares')).toBe('Tatuagem no braço esquerdo');
    expect(value('Cidade')).toBe('São Paulo - SP');
    expect(value('Doador de órgãos')).toBe('Sim');
    expect(value('Nascimento')).toBe('17/05/1991');
    expect(screen.queryByText('Complemento')).toBeNull();
    expect(screen.getByText('Dados atualizados em 10/03/2025')).not.toBeNull();
  });

  it("reads 'Não informado' for empty fields and offers no contact call", async () => {
    stubFetch(jsonResponse({ user: empty }));
    renderRoutes(routes, '/code/999ZZ999');
    await screen.findByRole('heading', { level: 1, name: 'José' });
    expect(screen.getByText('Tipo sanguíneo').parentElement?.textContent).toBe('Tipo sanguíneoNão informado');
    expect(screen.getByText('Doador de órgãos', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Não informado',
    );
    expect(screen.queryByRole('link', { name: /Ligar para/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ligar SAMU 192' })).not.toBeNull();
  });

  it('goes to /register/<code> when the code is not found', async () => {
    stubFetch(jsonResponse({ message: 'Código não encontrado' }, 404));
    const { router } = renderRoutes(routes, '/code/999zz999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/999ZZ999'));
  });

  it('shows the rate-limit message with a retry that loads the data', async () => {
    stubFetch(
      jsonResponse({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' }, 429),
      jsonResponse({ user: maria }),
    );
    renderRoutes(routes, '/code/123AB456');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    expect(screen.getByRole('link', { name: 'Ligar SAMU 192' })).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
  });

  it('explains a network failure, keeps the 192/193 calls and retries', async () => {
    const fetchMock = vi.fn(async (_url: string): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/code/123AB456');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toBe(NETWORK_ERROR_MESSAGE);
    expect(screen.getByRole('link', { name: 'Ligar Bombeiros 193' }).getAttribute('href')).toBe('tel:193');
    fetchMock.mockImplementation(async () => jsonResponse({ user: maria }));
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
  }, 10_000);

  it("shows a guest 'Entrar' to /login, and a signed-in user 'Voltar ao início'", async () => {
    stubFetch(jsonResponse({ user: maria }));
    const guest = renderRoutes(routes, '/code/123AB456');
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    guest.unmount();

    setToken('t0k3n');
    const fetchMock = stubFetch(jsonResponse({ user: maria }));
    renderRoutes(routes, '/code/123AB456');
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('link', { name: 'Entrar' })).toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer t0k3n');
  });

  it("shows a loading skeleton, then 'Em breve' on the tabs not built yet", async () => {
    stubFetch(jsonResponse({ user: maria }));
    renderRoutes(routes, '/code/123AB456');
    expect(screen.getByRole('status', { name: 'Carregando dados de emergência' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ligar SAMU 192' }).getAttribute('href')).toBe('tel:192');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    expect(screen.getByRole('tab', { name: 'Emergência' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Minha saúde' }));
    expect(await screen.findByText('Em breve')).not.toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Linha do tempo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Linha do tempo' })).not.toBeNull();
  });
});

describe('the Emergency tab embedded by the server (modules/code/code-page.ts)', () => {
  function embed(data: unknown) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'pulso-code-data';
    script.textContent = JSON.stringify(data);
    document.head.append(script);
  }

  it('renders from the embedded answer without asking the API, and reads it once', async () => {
    embed({ user: maria });
    const facts = document.createElement('div');
    facts.id = 'pulso-static';
    document.body.prepend(facts);
    const fetchMock = stubFetch();
    renderRoutes(routes, '/code/123%20ab%20456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('pulso-code-data')).toBeNull();
    expect(document.getElementById('pulso-static')).toBeNull();
  });

  it('ignores data embedded for another code and asks the API', async () => {
    embed({ user: empty });
    const fetchMock = stubFetch(jsonResponse({ user: maria }));
    renderRoutes(routes, '/code/123AB456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
