import { ATENDIMENTOS_PAGE_SIZE } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { setToken } from '../../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { callsTo, makeAtendimento, makeMedicoMe, stubMedicoApi } from '../medico-fixtures.ts';
import { atendimentosCountLine } from './atendimentos-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ativo = makeAtendimento({
  id: 40,
  status: 'A',
  accepted_at: '2026-11-22T18:00:00.000Z',
  mensagens_novas: 3,
  mensagens_count: 5,
});
const encerrado = makeAtendimento({
  id: 41,
  status: 'ET',
  accepted_at: '2026-11-20T12:00:00.000Z',
  ended_at: '2026-11-21T12:00:00.000Z',
  motivo: 'Dúvida sobre exame',
  paciente: { id: 2, name: 'Bruno Lima', avatar: null, code: '234BC567', bloqueado: false },
});
const recusado = makeAtendimento({
  id: 42,
  status: 'R',
  recusado_motivo: 3,
  paciente: { id: 3, name: 'Célia Rocha', avatar: null, code: '345CD678', bloqueado: false },
});

/** `n` ended sessions with ids from `first` down. */
function encerrados(n: number, first: number) {
  return Array.from({ length: n }, (_, i) =>
    makeAtendimento({
      id: first - i,
      status: 'E',
      ended_at: '2026-11-21T12:00:00.000Z',
      paciente: {
        id: 100 + i,
        name: `Paciente ${first - i}`,
        avatar: null,
        code: '123AB456',
        bloqueado: false,
      },
    }),
  );
}

describe('atendimentosCountLine', () => {
  it('counts the rows loaded out of the total', () => {
    expect(atendimentosCountLine(1, 1)).toBe('1 atendimento');
    expect(atendimentosCountLine(20, 25)).toBe('20 de 25 atendimentos');
  });
});

describe('/medico/atendimentos (issue 6 "Doctors": the list of its sessions)', () => {
  it('shows the sessions in progress by default, each opening its chat, with its unread messages', async () => {
    setToken('doc');
    const { fetchMock } = stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe({ ativos: 1, mensagens_novas: 3 }),
      'GET /api/medico/atendimentos?status=ativos&offset=0': { atendimentos: [ativo], total: 1 },
    });
    renderRoutes(routes, '/medico/atendimentos');
    // The first render loads the area's and the page's chunks.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Atendimentos' }, { timeout: 5000 }),
    ).not.toBeNull();
    const filter = screen.getByRole('radiogroup', { name: 'Mostrar' });
    expect(within(filter).getByRole('radio', { name: 'Em andamento' })).toHaveProperty('checked', true);
    const row = await screen.findByRole('link', { name: /Ana Souza/ });
    expect(row.getAttribute('href')).toBe('/medico/atendimento/40');
    expect(row.textContent).toContain('Em andamento');
    expect(row.textContent).toContain('Dor no peito ao subir escadas');
    expect(row.textContent).toContain('Iniciado em 22/11/2026 às 15:00');
    expect(row.textContent).toContain('3 mensagens novas');
    expect(screen.getByText('1 atendimento')).not.toBeNull();
    expect(callsTo(fetchMock, 'GET /api/medico/atendimentos?status=ativos&offset=0')).toHaveLength(1);
  });

  it('switches filters, keeping the filter in the address', async () => {
    setToken('doc');
    stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/medico/atendimentos?status=ativos&offset=0': { atendimentos: [], total: 0 },
      'GET /api/medico/atendimentos?status=todos&offset=0': {
        atendimentos: [ativo, encerrado, recusado],
        total: 3,
      },
    });
    const { router } = renderRoutes(routes, '/medico/atendimentos?status=ativos');
    expect(await screen.findByText('Nenhum atendimento em andamento.')).not.toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=todos'));
    expect(await screen.findByText('3 atendimentos')).not.toBeNull();
    const ended = screen.getByRole('link', { name: /Bruno Lima/ });
    expect(ended.getAttribute('href')).toBe('/medico/atendimento/41');
    expect(ended.textContent).toContain('Encerrado por inatividade');
    expect(ended.textContent).toContain('Encerrado em 21/11/2026 às 09:00');
    // A refused request has no chat: it is shown with its reason, not as a link.
    expect(screen.queryByRole('link', { name: /Célia Rocha/ })).toBeNull();
    const refused = screen.getByText('Célia Rocha').closest('li');
    expect(refused?.textContent).toContain('Recusado');
    expect(refused?.textContent).toContain('Motivo da recusa: Sem disponibilidade para novos pacientes');
  });

  it("loads more with 'Carregar mais' from the rows already shown", async () => {
    setToken('doc');
    const first = encerrados(ATENDIMENTOS_PAGE_SIZE, 100);
    const rest = encerrados(2, 100 - ATENDIMENTOS_PAGE_SIZE);
    const total = ATENDIMENTOS_PAGE_SIZE + 2;
    const { fetchMock } = stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/medico/atendimentos?status=encerrados&offset=0': { atendimentos: first, total },
      [`GET /api/medico/atendimentos?status=encerrados&offset=${ATENDIMENTOS_PAGE_SIZE}`]: {
        atendimentos: rest,
        total,
      },
    });
    renderRoutes(routes, '/medico/atendimentos?status=encerrados');
    expect(await screen.findByText(`${ATENDIMENTOS_PAGE_SIZE} de ${total} atendimentos`)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText(`${total} atendimentos`)).not.toBeNull();
    expect(screen.getAllByRole('link', { name: /Paciente \d+/ })).toHaveLength(total);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(
      callsTo(fetchMock, `GET /api/medico/atendimentos?status=encerrados&offset=${ATENDIMENTOS_PAGE_SIZE}`),
    ).toHaveLength(1);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    setToken('doc');
    let fail = true;
    stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/medico/atendimentos?status=ativos&offset=0': () =>
        fail
          ? jsonResponse({ message: 'Informe um filtro válido' }, 422)
          : { atendimentos: [ativo], total: 1 },
    });
    renderRoutes(routes, '/medico/atendimentos');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar os atendimentos');
    expect(alert.textContent).toContain('Informe um filtro válido');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: /Ana Souza/ })).not.toBeNull();
  });
});
