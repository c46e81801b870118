import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../app/api.ts';
import { setToken } from '../../app/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { embed, empty, guestView, maria, stubFetch } from './code-fixtures.ts';
import CodePage from './code-page.tsx';

const routes = [
  { path: '/code/:code', element: <CodePage /> },
  { path: '/register/:code?', element: <h1>Criar conta</h1> },
];

afterEach(() => vi.unstubAllGlobals());

describe('/code/:code (spec 2 §2 public patient view)', () => {
  it('shows name, age, blood type and the emergency contact with call links first', async () => {
    const fetchMock = stubFetch(jsonResponse(guestView(maria)));
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
    stubFetch(jsonResponse(guestView(maria)));
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
    stubFetch(jsonResponse(guestView(empty)));
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
      jsonResponse(guestView(maria)),
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
    fetchMock.mockImplementation(async () => jsonResponse(guestView(maria)));
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
  }, 10_000);

  it("shows a guest 'Entrar' to /login, and a signed-in user 'Voltar ao início'", async () => {
    stubFetch(jsonResponse(guestView(maria)));
    const guest = renderRoutes(routes, '/code/123AB456');
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    guest.unmount();

    setToken('t0k3n');
    const fetchMock = stubFetch(jsonResponse(guestView(maria)));
    renderRoutes(routes, '/code/123AB456');
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('link', { name: 'Entrar' })).toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer t0k3n');
  });

  it('shows a loading skeleton, then the Emergency tab selected among the three', async () => {
    stubFetch(jsonResponse(guestView(maria)));
    renderRoutes(routes, '/code/123AB456');
    expect(screen.getByRole('status', { name: 'Carregando dados de emergência' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ligar SAMU 192' }).getAttribute('href')).toBe('tel:192');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    expect(screen.getByRole('tab', { name: 'Emergência' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Minha saúde' })).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Linha do tempo' })).not.toBeNull();
  });
});

describe('the Emergency tab embedded by the server (modules/code/code-page.ts)', () => {
  it('renders from the embedded answer without asking the API, and reads it once', async () => {
    embed(guestView(maria));
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
    embed(guestView(empty));
    const fetchMock = stubFetch(jsonResponse(guestView(maria)));
    renderRoutes(routes, '/code/123AB456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
