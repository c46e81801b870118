import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SolicitacoesRedirect from '../../app/routes/solicitacoes-redirect.tsx';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { makeAtendimento, makeMedico, makeSuporte } from '../../test/telemedicina-fixtures.ts';
import { makeUserView } from '../../test/users.ts';
import type { TelemedicinaHome } from './api/get-telemedicina.ts';
import TelemedicinaPage from './telemedicina-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function home(overrides: Partial<TelemedicinaHome> = {}): TelemedicinaHome {
  return {
    user: makeUserView(),
    solicitacoes: [],
    minhas_solicitacoes: [],
    medicos: [],
    suporte: makeSuporte(1),
    ...overrides,
  };
}

function renderHome(answer: TelemedicinaHome | Response, { doctor = false } = {}) {
  setToken('t');
  const api = stubApi(({ url }) => {
    if (url === '/api/telemedicina') return answer instanceof Response ? answer : jsonResponse(answer);
    if (url === '/api/medico/me') {
      return doctor
        ? jsonResponse({
            user: makeUserView(),
            medico: makeMedico(9),
            resumo: { solicitacoes: 2, ativos: 0, mensagens_novas: 0 },
          })
        : jsonResponse({ message: 'Esta conta não é de um médico.' }, 403);
    }
    return undefined;
  });
  const view = renderRoutes(
    [
      { path: '/telemedicina', element: <TelemedicinaPage /> },
      { path: '/telemedicina/solicitacoes', element: <SolicitacoesRedirect /> },
      { path: '/medico/solicitacoes', element: <h1>Solicitações do médico</h1> },
    ],
    '/telemedicina',
  );
  return { ...api, ...view };
}

describe('/telemedicina (docs/telemedicine.md "The telemedicine home")', () => {
  it("lists 'Meus médicos' with status labels and unread counts, linking to each profile", async () => {
    renderHome(
      home({
        medicos: [
          makeMedico(7, { mensagens_novas: 3 }),
          makeMedico(8, {
            name: 'José Ricardo Albuquerque',
            especialidade: 'Ortopedia e Traumatologia',
            cidade_descricao: 'Recife - PE',
            status: 1,
            verificado: false,
          }),
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: 'Meus médicos' });
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/telemedicina/medico/7',
      '/telemedicina/medico/8',
    ]);
    expect(links[0]?.textContent).toContain('Fernanda Gonçalves Lima');
    expect(links[0]?.textContent).toContain('Pediatria · Belo Horizonte - MG');
    expect(links[0]?.textContent).toContain('Disponível');
    expect(links[0]?.textContent).toContain('Verificado');
    expect(within(links[0] as HTMLElement).getByText('3 mensagens novas')).not.toBeNull();
    expect(links[1]?.textContent).toContain('Ocupado');
    expect(links[1]?.textContent).not.toContain('Verificado');
    expect(links[1]?.textContent).not.toContain('mensage');
    expect(screen.queryByText('Novas solicitações')).toBeNull();
  });

  it('offers the support card and the search, and says when there are no doctors yet', async () => {
    renderHome(home({ suporte: makeSuporte(1, { mensagens_novas: 1 }) }));
    expect(await screen.findByText('Você ainda não tem médicos por aqui.')).not.toBeNull();
    const suporte = screen.getByRole('region', { name: 'Suporte' });
    expect(within(suporte).getByRole('link', { name: 'Falar com o suporte' }).getAttribute('href')).toBe(
      '/telemedicina/medico/1',
    );
    expect(within(suporte).getByText('1 mensagem nova')).not.toBeNull();
    const searches = screen.getAllByRole('link', { name: 'Buscar médicos' });
    expect(searches.length).toBe(2);
    for (const link of searches) expect(link.getAttribute('href')).toBe('/telemedicina/medicos');
  });

  it('shows no support card when there is none', async () => {
    renderHome(home({ suporte: null }));
    await screen.findByText('Você ainda não tem médicos por aqui.');
    expect(screen.queryByRole('region', { name: 'Suporte' })).toBeNull();
  });

  it('alerts a doctor to new requests, linking to /telemedicina/solicitacoes, which forwards to the doctor area', async () => {
    const { router } = renderHome(
      home({ solicitacoes: [makeAtendimento(1, { status: 'P' }), makeAtendimento(2, { status: 'P' })] }),
      { doctor: true },
    );
    expect(
      await screen.findByText('2 novas solicitações de atendimento aguardam sua resposta.'),
    ).not.toBeNull();
    const link = screen.getByRole('link', { name: 'Ver solicitações' });
    expect(link.getAttribute('href')).toBe('/telemedicina/solicitacoes');
    link.click();
    expect(await screen.findByRole('heading', { name: 'Solicitações do médico' })).not.toBeNull();
    expect(router.state.location.pathname).toBe('/medico/solicitacoes');
  });

  it("lists the patient's own pending request and the doctors' answers, each with where it leads", async () => {
    renderHome(
      home({
        minhas_solicitacoes: [
          makeAtendimento(5, {
            status: 'A',
            medico: makeMedico(7, { name: 'Dra. Helena Prado' }),
          }),
          makeAtendimento(4, {
            status: 'R',
            recusado_motivo: 3,
            medico: makeMedico(8, { name: 'Dr. Otávio Reis' }),
          }),
          makeAtendimento(3, {
            status: 'P',
            created_at: '2026-11-20T13:00:00.000Z',
            medico: makeMedico(9, { name: 'Dra. Lia Campos' }),
          }),
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: 'Suas solicitações' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Dra. Helena Prado aceitou sua solicitação.',
      'Dr. Otávio Reis não pôde aceitar sua solicitação.',
      'Aguardando a resposta de Dra. Lia Campos.',
    ]);
    const [accepted, refused, waiting] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(accepted).getByRole('link', { name: 'Abrir atendimento' }).getAttribute('href')).toBe(
      '/telemedicina/atendimento/5',
    );
    expect(refused.textContent).toContain('Motivo: Sem disponibilidade para novos pacientes.');
    expect(within(refused).getByRole('link', { name: 'Ver motivo' }).getAttribute('href')).toBe(
      '/telemedicina/medico/8',
    );
    expect(waiting.textContent).toContain('Enviada em 20/11/2026.');
    expect(within(waiting).getByRole('link', { name: 'Ver médico' }).getAttribute('href')).toBe(
      '/telemedicina/medico/9',
    );
  });

  it("shows no 'Suas solicitações' without requests, and sends a patient from /telemedicina/solicitacoes to /telemedicina", async () => {
    const { router } = renderHome(home());
    await screen.findByRole('heading', { name: 'Meus médicos' });
    expect(screen.queryByRole('region', { name: 'Suas solicitações' })).toBeNull();
    await router.navigate('/telemedicina/solicitacoes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/telemedicina'));
    expect(await screen.findByRole('heading', { name: 'Meus médicos' })).not.toBeNull();
  });

  it('shows a loading state, then the error with a retry', async () => {
    renderHome(jsonResponse({ message: 'Erro interno' }, 500));
    expect(screen.getByRole('status', { name: 'Carregando telemedicina' })).not.toBeNull();
    expect(
      await screen.findByText('Não foi possível carregar a telemedicina', {}, { timeout: 8000 }),
    ).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).not.toBeNull();
  });
});
