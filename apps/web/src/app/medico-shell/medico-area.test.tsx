import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  makeAtendimento,
  makeMedicoMe,
  stubMedicoApi,
} from '../../features/medico/medico-fixtures.ts';
import { getToken, setToken } from '../../lib/token.ts';
import { lastFakeSocket } from '../../test/fake-socket.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { makeUserView } from '../../test/users.ts';
import { routes } from '../router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const notMedico = () => jsonResponse({ message: 'Esta conta não é de um médico.' }, 403);

describe('/medico without a token', () => {
  it('shows the doctor sign-in, validates it, and opens the area after POST /api/login', async () => {
    const { fetchMock } = stubMedicoApi({
      'POST /api/login': { user: makeUserView({ name: 'Carla Mendes' }), token: 'doc', message: 'ok' },
      'GET /api/medico/me': makeMedicoMe({ solicitacoes: 2, ativos: 1, mensagens_novas: 4 }),
      'GET /api/user': { user: makeUserView(), mensagens: 0 },
    });
    const { router } = renderRoutes(routes, '/medico');
    // The first render loads the area's chunks.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Área do médico' }, { timeout: 5000 }),
    ).not.toBeNull();
    expect(document.title).toBe('Área do médico · Pulso');

    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Carla@Example.com' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo123' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Entrar como médico' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla Mendes' })).not.toBeNull();
    expect(getToken()).toBe('doc');
    expect(callsTo(fetchMock, 'POST /api/login')).toEqual([
      { email: 'carla@example.com', password: 'segredo123' },
    ]);
    expect(router.state.location.pathname).toBe('/medico');
    // The home's summary cards link to their lists.
    const resumo = screen.getByRole('region', { name: 'Resumo' });
    const cards = within(resumo).getAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['2Solicitações pendentesPacientes esperando que você aceite ou recuse.', '/medico/solicitacoes'],
      [
        '1Atendimento em andamentoConversas abertas com seus pacientes.',
        '/medico/atendimentos?status=ativos',
      ],
      [
        '4Mensagens não lidasMensagens de pacientes que você ainda não leu.',
        '/medico/atendimentos?status=ativos',
      ],
    ]);
  });

  it('keeps the address asked for: signing in at /medico/passes opens the passes', async () => {
    stubMedicoApi({
      'POST /api/login': { user: makeUserView(), token: 'doc', message: 'ok' },
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/medico/passes': { passes: [] },
    });
    renderRoutes(routes, '/medico/passes');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'carla@example.com' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Passes' })).not.toBeNull();
  });

  it("shows the server's message when the sign-in fails", async () => {
    stubMedicoApi({
      'POST /api/login': jsonResponse(
        { message: 'E-mail ou senha incorretos', errors: { email: ['E-mail ou senha incorretos'] } },
        422,
      ),
    });
    renderRoutes(routes, '/medico');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'carla@example.com' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('E-mail ou senha incorretos');
    expect(getToken()).toBeNull();
  });
});

describe('/medico with an account that is not a doctor', () => {
  it("says 'Esta conta não é de um médico.' and offers the patient's home", async () => {
    setToken('patient');
    stubMedicoApi({ 'GET /api/medico/me': notMedico() });
    const { router } = renderRoutes(routes, '/medico/solicitacoes');
    expect(await screen.findByText('Esta conta não é de um médico.')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Área do médico' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Ir para o início' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it("signs out with 'Sair' and shows the doctor sign-in", async () => {
    setToken('patient');
    const { fetchMock } = stubMedicoApi({
      'GET /api/medico/me': notMedico(),
      'POST /api/logout': { user: makeUserView() },
    });
    const { router } = renderRoutes(routes, '/medico');
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('form', { name: 'Entrar como médico' })).not.toBeNull();
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/medico');
    expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
  });

  it('offers to try again when the check itself failed', async () => {
    setToken('doc');
    let fail = true;
    stubMedicoApi({
      'GET /api/medico/me': () =>
        fail ? jsonResponse({ message: 'Erro no servidor. Tente novamente.' }, 503) : makeMedicoMe(),
    });
    renderRoutes(routes, '/medico');
    // 5xx are retried twice by the query client before the error shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Não foi possível abrir a área do médico');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla Mendes' })).not.toBeNull();
  }, 15_000);
});

describe('doctor shell', () => {
  it('shows the name, the status in words and the navigation with its counters', async () => {
    setToken('doc');
    stubMedicoApi({ 'GET /api/medico/me': makeMedicoMe({ solicitacoes: 3, mensagens_novas: 1 }) });
    renderRoutes(routes, '/medico');
    await screen.findByRole('navigation', { name: 'Área do médico' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Carla Mendes')).not.toBeNull();
    const status = within(banner).getByRole('radiogroup', { name: 'Status' });
    expect(within(status).getByRole('radio', { name: 'Disponível' })).toHaveProperty('checked', true);
    expect(within(status).getByRole('radio', { name: 'Ocupado' })).toHaveProperty('checked', false);
    expect(within(status).getByRole('radio', { name: 'Offline' })).toHaveProperty('checked', false);

    const nav = screen.getByRole('navigation', { name: 'Área do médico' });
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
    for (const [name, href] of [
      ['Início', '/medico'],
      ['Solicitações, 3 pendentes', '/medico/solicitacoes'],
      ['Atendimentos, 1 mensagem nova', '/medico/atendimentos'],
      ['Passes', '/medico/passes'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/medico');
    expect(within(nav).getByTestId('badge-medicoSolicitacoes').textContent).toBe('3');
    expect(within(nav).getByRole('button', { name: 'Sair' })).not.toBeNull();
  });

  it("opens a session's chat inside the area, with Atendimentos as the current section", async () => {
    setToken('doc');
    stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/telemedicina/atendimento/40': jsonResponse({ message: 'Atendimento não encontrado' }, 404),
    });
    renderRoutes(routes, '/medico/atendimento/40');
    const nav = await screen.findByRole('navigation', { name: 'Área do médico' });
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(
      '/medico/atendimentos',
    );
    // The chat page (features/telemedicina/chat) answers inside the shell.
    expect(await screen.findByText('Atendimento não encontrado')).not.toBeNull();
  });

  it("changes the status with PUT /api/medico/status and says 'Status atualizado'", async () => {
    setToken('doc');
    const { fetchMock } = stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'PUT /api/medico/status': (init) => {
        const { status } = JSON.parse(String(init?.body)) as { status: number };
        return {
          message: 'Status atualizado',
          medico: makeMedicoMe({}, { status: status as 0 | 1 | 2 }).medico,
        };
      },
    });
    renderRoutes(routes, '/medico');
    const status = await screen.findByRole('radiogroup', { name: 'Status' });
    fireEvent.click(within(status).getByRole('radio', { name: 'Ocupado' }));
    expect((await screen.findByRole('status')).textContent).toContain('Status atualizado');
    expect(callsTo(fetchMock, 'PUT /api/medico/status')).toEqual([{ status: 1 }]);
    expect(within(status).getByRole('radio', { name: 'Ocupado' })).toHaveProperty('checked', true);
    expect(screen.getByText('Ocupado', { selector: 'strong' })).not.toBeNull();
  });

  it('goes back to the previous status when the server refuses the change', async () => {
    setToken('doc');
    stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'PUT /api/medico/status': jsonResponse({ message: 'Escolha um status válido' }, 422),
    });
    renderRoutes(routes, '/medico');
    const status = await screen.findByRole('radiogroup', { name: 'Status' });
    fireEvent.click(within(status).getByRole('radio', { name: 'Offline' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Escolha um status válido');
    await waitFor(() =>
      expect(within(status).getByRole('radio', { name: 'Disponível' })).toHaveProperty('checked', true),
    );
  });

  it("logs out with 'Sair' and shows the doctor sign-in again", async () => {
    setToken('doc');
    const { fetchMock } = stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'POST /api/logout': { user: makeUserView() },
    });
    const { router, queryClient } = renderRoutes(routes, '/medico/passes');
    const nav = await screen.findByRole('navigation', { name: 'Área do médico' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('form', { name: 'Entrar como médico' })).not.toBeNull();
    expect(router.state.location.pathname).toBe('/medico');
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(['medico-area', 'me'])).toBeUndefined();
    expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
  });

  it('reads the counters again when a request arrives over the socket', async () => {
    setToken('doc');
    let resumo = { solicitacoes: 0 };
    const { fetchMock } = stubMedicoApi({ 'GET /api/medico/me': () => makeMedicoMe(resumo) });
    renderRoutes(routes, '/medico');
    const nav = await screen.findByRole('navigation', { name: 'Área do médico' });
    expect(within(nav).queryByTestId('badge-medicoSolicitacoes')).toBeNull();
    const socket = lastFakeSocket();
    act(() => void socket.connect());
    resumo = { solicitacoes: 1 };
    act(() => socket.serverEmit('atendimento.updated', { atendimento: makeAtendimento() }));
    expect(await within(nav).findByRole('link', { name: 'Solicitações, 1 pendente' })).not.toBeNull();
    expect(callsTo(fetchMock, 'GET /api/medico/me').length).toBe(2);
  });

  it('reads the counters every 30 s while the socket is down, and stops once it connects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('doc');
    const { fetchMock } = stubMedicoApi({ 'GET /api/medico/me': makeMedicoMe() });
    renderRoutes(routes, '/medico');
    await screen.findByRole('navigation', { name: 'Área do médico' });
    const reads = () => callsTo(fetchMock, 'GET /api/medico/me').length;
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads()).toBe(2);
    act(() => void lastFakeSocket().connect());
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(reads()).toBe(2);
  });
});
