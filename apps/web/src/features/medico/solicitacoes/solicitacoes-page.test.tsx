import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { setToken } from '../../../lib/token.ts';
import { lastFakeSocket } from '../../../test/fake-socket.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { callsTo, makeAtendimento, makeMedicoMe, stubMedicoApi } from '../medico-fixtures.ts';
import { NO_SOLICITACOES } from './solicitacoes-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ana = makeAtendimento();
const bruno = makeAtendimento({
  id: 32,
  created_at: '2026-11-23T02:30:00.000Z',
  motivo: 'Renovar receita\nde losartana',
  pagamento: 'pass',
  pass: true,
  paciente: { id: 2, name: 'Bruno Lima', avatar: null, code: '234BC567', bloqueado: false },
});

/** The doctor at /medico/solicitacoes with `list` waiting; answers change as requests are answered. */
function openWith(list: ReturnType<typeof makeAtendimento>[]) {
  setToken('doc');
  let waiting = [...list];
  const stub = stubMedicoApi({
    'GET /api/medico/me': () => makeMedicoMe({ solicitacoes: waiting.length }),
    'GET /api/telemedicina/solicitacoes': () => ({ solicitacoes: waiting }),
  });
  const answered = (id: number) => {
    waiting = waiting.filter((s) => s.id !== id);
  };
  const arrive = (next: ReturnType<typeof makeAtendimento>) => {
    waiting = [...waiting, next];
  };
  return { ...stub, answered, arrive, ...renderRoutes(routes, '/medico/solicitacoes') };
}

describe('/medico/solicitacoes (docs/telemedicine.md "Requests waiting")', () => {
  it('lists each request with the patient, when, the reason and how it was paid, oldest first', async () => {
    openWith([ana, bruno]);
    // The first render loads the area's and the page's chunks.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Solicitações de atendimento' },
        { timeout: 5000 },
      ),
    ).not.toBeNull();
    expect(await screen.findByText('2 solicitações pendentes')).not.toBeNull();
    expect(document.title).toBe('Solicitações de atendimento · Pulso');
    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toBe('Ana Souza');
    expect(first.textContent).toContain('Pediu em 22/11/2026 às 14:05');
    expect(within(first).getByText('22/11/2026 às 14:05').getAttribute('datetime')).toBe(ana.created_at);
    expect(first.textContent).toContain('Dor no peito ao subir escadas');
    expect(first.textContent).toContain('Plano do paciente');
    expect(within(second).getByRole('heading', { level: 2 }).textContent).toBe('Bruno Lima');
    // 02:30 UTC is still the previous evening in São Paulo.
    expect(second.textContent).toContain('Pediu em 22/11/2026 às 23:30');
    expect(second.textContent).toContain('Passe do médico');
    expect(within(second).getByText(/Renovar receita/).textContent).toBe('Renovar receita\nde losartana');
    expect(
      within(second).getByRole('button', { name: 'Aceitar a solicitação de Bruno Lima' }),
    ).not.toBeNull();
    expect(
      within(second).getByRole('button', { name: 'Recusar a solicitação de Bruno Lima' }),
    ).not.toBeNull();
  });

  it("accepts with PUT …/aceitar, says 'Solicitação aceita' and offers to open the chat", async () => {
    const page = openWith([ana, bruno]);
    page.answers['PUT /api/telemedicina/atendimento/31/aceitar'] = () => {
      page.answered(31);
      return { message: 'Solicitação aceita', atendimento: { ...ana, status: 'A' } };
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Aceitar a solicitação de Ana Souza' }));
    expect((await screen.findByRole('status')).textContent).toContain('Solicitação aceita');
    const dialog = await screen.findByRole('dialog', { name: 'Atendimento iniciado' });
    expect(dialog.textContent).toContain('Você aceitou a solicitação de Ana Souza');
    expect(callsTo(page.fetchMock, 'PUT /api/telemedicina/atendimento/31/aceitar')).toHaveLength(1);
    // The accepted request has left the list.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abrir conversa' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/medico/atendimento/31'));
  });

  it('returns to the home when the last request is accepted and the chat is left for later', async () => {
    const page = openWith([ana]);
    page.answers['PUT /api/telemedicina/atendimento/31/aceitar'] = () => {
      page.answered(31);
      return { message: 'Solicitação aceita', atendimento: { ...ana, status: 'A' } };
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Aceitar a solicitação de Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atendimento iniciado' });
    // Not while the offer is on screen.
    expect(page.router.state.location.pathname).toBe('/medico/solicitacoes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agora não' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/medico'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla Mendes' })).not.toBeNull();
  });

  it('refuses with one of the three reasons and a comment, then returns to the home (list empty)', async () => {
    const page = openWith([ana]);
    page.answers['PUT /api/telemedicina/atendimento/31/recusar'] = () => {
      page.answered(31);
      return { message: 'Solicitação recusada', id: 31 };
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar a solicitação de Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar solicitação' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Motivo da recusa' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    for (const motivo of [
      'Não sou médico deste paciente',
      'Não há consulta válida: agende uma avaliação presencial antes',
      'Sem disponibilidade para novos pacientes',
    ]) {
      expect(within(group).getByRole('radio', { name: motivo })).toHaveProperty('checked', false);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await within(dialog).findByText('Escolha o motivo da recusa')).not.toBeNull();
    expect(callsTo(page.fetchMock, 'PUT /api/telemedicina/atendimento/31/recusar')).toHaveLength(0);

    fireEvent.click(
      within(dialog).getByRole('radio', {
        name: 'Não há consulta válida: agende uma avaliação presencial antes',
      }),
    );
    expect(within(dialog).queryByText('Escolha o motivo da recusa')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Comentário (opcional)'), {
      target: { value: '  Marque uma consulta no consultório.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/medico'));
    expect(screen.getByRole('status').textContent).toContain('Solicitação recusada');
    expect(callsTo(page.fetchMock, 'PUT /api/telemedicina/atendimento/31/recusar')).toEqual([
      { recusado_motivo: 2, recusado_comentario: 'Marque uma consulta no consultório.' },
    ]);
  });

  it('sends a blank comment as null and keeps the other requests on screen', async () => {
    const page = openWith([ana, bruno]);
    page.answers['PUT /api/telemedicina/atendimento/32/recusar'] = () => {
      page.answered(32);
      return { message: 'Solicitação recusada', id: 32 };
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar a solicitação de Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar solicitação' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Sem disponibilidade para novos pacientes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(page.fetchMock, 'PUT /api/telemedicina/atendimento/32/recusar')).toEqual([
      { recusado_motivo: 3, recusado_comentario: null },
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(page.router.state.location.pathname).toBe('/medico/solicitacoes');
  });

  it("shows the server's message when the request was answered meanwhile, and reads the list again", async () => {
    const page = openWith([ana, bruno]);
    page.answers['PUT /api/telemedicina/atendimento/31/aceitar'] = () => {
      page.answered(31);
      return jsonResponse({ message: 'Esta solicitação já foi respondida.' }, 409);
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Aceitar a solicitação de Ana Souza' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Esta solicitação já foi respondida.');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when opened with no request, and stays', async () => {
    const page = openWith([]);
    expect(await screen.findByText(NO_SOLICITACOES)).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/medico');
    expect(page.router.state.location.pathname).toBe('/medico/solicitacoes');
  });

  it('shows a new request as soon as the socket announces it', async () => {
    const page = openWith([ana]);
    await screen.findByText('1 solicitação pendente');
    const socket = lastFakeSocket();
    act(() => void socket.connect());
    page.arrive(bruno);
    act(() => socket.serverEmit('atendimento.updated', { atendimento: bruno }));
    expect(await screen.findByText('2 solicitações pendentes')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Bruno Lima' })).not.toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    setToken('doc');
    let fail = true;
    stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/telemedicina/solicitacoes': () =>
        fail ? jsonResponse({ message: 'Esta conta não é de um médico.' }, 403) : { solicitacoes: [ana] },
    });
    renderRoutes(routes, '/medico/solicitacoes');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar as solicitações');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Souza' })).not.toBeNull();
  });
});
