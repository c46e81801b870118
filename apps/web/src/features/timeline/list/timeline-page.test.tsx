import { TIMELINE_MESSAGES, type TimelineItemView, type UserView } from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { type Call, makeItem, makeLockedUser, makeUser, stubApi } from '../shared/timeline-fixtures.ts';
import TimelinePage from './timeline-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** 25 records, newest first: ids 25 … 1. */
const all = Array.from({ length: 25 }, (_, i) =>
  makeItem(25 - i, {
    data: `2025-01-${String(25 - i).padStart(2, '0')}`,
    descricao: `Consulta número ${25 - i}`,
  }),
);

/**
 * A fake `GET /api/timeline/items/:medico/:search[/:offset]`: pages of 20
 * from `items`, filtered by `created_by === 'M'` and by a description
 * containing the term.
 */
function listApi(items: TimelineItemView[], user: UserView = makeUser()) {
  return stubApi(({ url, method }) => {
    const m = /^\/api\/timeline\/items\/(M|all)\/([^/]+)(?:\/(\d+))?$/.exec(url);
    if (!m || method !== 'GET') return undefined;
    const term = m[2] === 'all' ? null : decodeURIComponent(m[2] as string).toLowerCase();
    const offset = Number(m[3] ?? 0);
    const matching = items.filter(
      (item) =>
        (m[1] === 'all' || item.created_by === 'M') &&
        (term === null || item.descricao.toLowerCase().includes(term)),
    );
    return jsonResponse({ user, timelineItems: matching.slice(offset, offset + 20), total: matching.length });
  });
}

function renderList(path = '/timeline') {
  return renderRoutes(
    [
      { path: '/timeline', element: <TimelinePage /> },
      { path: '/timeline/item/:id', element: <h1>Registro aberto</h1> },
      { path: '/timeline/add', element: <h1>Novo registro</h1> },
    ],
    path,
  );
}

/** The list's requests (the pending records are asked apart: pending-records.test.tsx). */
const gets = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/timeline/items')).map((c) => c.url);
const rows = () => within(screen.getByRole('region', { name: 'Registros' })).getAllByRole('link');

describe('/timeline list', () => {
  it('shows the first page newest first, with type, date, preview, author, and links to each record', async () => {
    const long = 'Consulta de rotina com aferição de pressão arterial e ajuste da dose de losartana.';
    listApi([
      makeItem(3, {
        tipo: 7,
        data: '2025-03-10',
        descricao: 'Vacinação contra gripe',
        created_by: 'M',
        terceiro: { name: 'Paula Lima' },
      }),
      makeItem(2, {
        tipo: 2,
        data: '2025-02-02',
        descricao: long,
        created_by: 'T',
        terceiro: { name: 'Ana Costa' },
      }),
      makeItem(1, { tipo: 9, data: '2024-11-02', descricao: 'Encaminhado ao cardiologista' }),
    ]);
    renderList();
    expect(await screen.findByText('3 registros')).not.toBeNull();
    const [first, second, third] = rows();
    expect(first?.textContent).toContain('Vacina');
    expect(first?.textContent).toContain('10/03/2025');
    expect(first?.textContent).toContain('Por. Dr. Paula Lima');
    expect(first?.getAttribute('href')).toBe('/timeline/item/3');
    expect(second?.textContent).toContain('Exame');
    expect(second?.textContent).toContain('Consulta de rotina com aferição de pressão arteria…');
    expect(second?.textContent).not.toContain('losartana');
    expect(second?.textContent).toContain('Por. Ana Costa');
    expect(third?.textContent).toContain('Encaminhamento');
    expect(third?.textContent).not.toContain('Por.');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('loads the next page from the number already loaded, then stops', async () => {
    const { calls } = listApi(all);
    renderList();
    expect(await screen.findByText('20 de 25 registros')).not.toBeNull();
    expect(rows()).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('25 registros')).not.toBeNull();
    expect(rows()).toHaveLength(25);
    expect(rows().at(-1)?.textContent).toContain('Consulta número 1');
    expect(gets(calls)).toEqual(['/api/timeline/items/all/all', '/api/timeline/items/all/all/20']);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it("says 'Nenhum registro.' for an empty timeline", async () => {
    listApi([]);
    renderList();
    expect(await screen.findByText(TIMELINE_MESSAGES.empty)).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'Registros' })).toBeNull();
  });

  it('shows a skeleton while loading, then an error with a retry that works', async () => {
    let fail = true;
    stubApi(({ url }) => {
      if (!url.startsWith('/api/timeline/items/')) return undefined;
      if (fail) return jsonResponse({ message: 'Serviço indisponível' }, 503);
      return jsonResponse({ user: makeUser(), timelineItems: [makeItem(1)], total: 1 });
    });
    renderList();
    expect(screen.getByRole('status', { name: 'Carregando registros' })).not.toBeNull();
    // A 5xx is retried twice by the query client before the error shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Serviço indisponível');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('1 registro')).not.toBeNull();
  }, 15_000);
});

describe('/timeline search', () => {
  it('enables Buscar only with a term, shows the banner, and clearing returns to the full list', async () => {
    const { calls } = listApi([
      makeItem(2, { tipo: 7, descricao: 'Vacinação contra gripe' }),
      makeItem(1, { descricao: 'Consulta com cardiologista' }),
    ]);
    renderList();
    expect(await screen.findByText('2 registros')).not.toBeNull();
    const input = screen.getByLabelText('Buscar registros') as HTMLInputElement;
    const buscar = screen.getByRole('button', { name: 'Buscar' }) as HTMLButtonElement;
    expect(buscar.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(buscar.disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' vacina ' } });
    expect(buscar.disabled).toBe(false);
    fireEvent.click(buscar);

    expect(await screen.findByText('1 registro')).not.toBeNull();
    expect(screen.getByText('Resultados da busca por', { exact: false }).textContent).toContain('“vacina”');
    expect(rows()).toHaveLength(1);
    expect(gets(calls)).toContain('/api/timeline/items/all/vacina');

    fireEvent.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByText('2 registros')).not.toBeNull();
    expect(screen.queryByText('Resultados da busca por', { exact: false })).toBeNull();
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('URL-encodes the term and says Nenhum registro. when nothing matches', async () => {
    const { calls } = listApi([makeItem(1)]);
    renderList();
    await screen.findByText('1 registro');
    fireEvent.change(screen.getByLabelText('Buscar registros'), { target: { value: 'raio x/tórax' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Buscar' }).closest('form') as HTMLFormElement);
    expect(await screen.findByText(TIMELINE_MESSAGES.empty)).not.toBeNull();
    expect(gets(calls)).toContain('/api/timeline/items/all/raio%20x%2Ft%C3%B3rax');
    expect(screen.getByText('Resultados da busca por', { exact: false }).textContent).toContain(
      'raio x/tórax',
    );
  });

  it('restores the search and the switch from the URL', async () => {
    const { calls } = listApi([
      makeItem(1, { descricao: 'Vacina', created_by: 'M', terceiro: { name: 'Paula' } }),
    ]);
    renderList('/timeline?busca=vacina&medico=M');
    expect(await screen.findByText('1 registro')).not.toBeNull();
    expect(gets(calls)).toEqual(['/api/timeline/items/M/vacina']);
    expect((screen.getByLabelText('Buscar registros') as HTMLInputElement).value).toBe('vacina');
    expect((screen.getByRole('switch', { name: /Somente médicos/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("/timeline 'Somente médicos'", () => {
  it('asks for the records doctor accounts added, alone and with a term', async () => {
    const { calls } = listApi([
      makeItem(3, { descricao: 'Retorno cardiologia', created_by: 'M', terceiro: { name: 'Paula Lima' } }),
      makeItem(2, { descricao: 'Vacina da gripe', created_by: 'T', terceiro: { name: 'Ana Costa' } }),
      makeItem(1, { descricao: 'Exame de sangue' }),
    ]);
    renderList();
    expect(await screen.findByText('3 registros')).not.toBeNull();
    const toggle = screen.getByRole('switch', { name: /Somente médicos/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(await screen.findByText('1 registro')).not.toBeNull();
    expect(toggle.checked).toBe(true);
    expect(rows()[0]?.textContent).toContain('Por. Dr. Paula Lima');
    expect(gets(calls)).toContain('/api/timeline/items/M/all');

    fireEvent.change(screen.getByLabelText('Buscar registros'), { target: { value: 'gripe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(TIMELINE_MESSAGES.empty)).not.toBeNull();
    expect(gets(calls)).toContain('/api/timeline/items/M/gripe');

    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(await screen.findByText('1 registro')).not.toBeNull();
    expect(rows()[0]?.textContent).toContain('Vacina da gripe');
    expect(gets(calls).at(-1)).toBe('/api/timeline/items/all/gripe');
  });
});

describe('/timeline adding', () => {
  it("links 'Novo registro' to /timeline/add while the trial or a plan lasts", async () => {
    listApi([]);
    renderList();
    await screen.findByText(TIMELINE_MESSAGES.empty);
    expect(screen.getByRole('link', { name: 'Novo registro' }).getAttribute('href')).toBe('/timeline/add');
    expect(screen.queryByText(TIMELINE_MESSAGES.locked)).toBeNull();
  });

  it('disables it for a locked user, with the tooltip message and a way to /planos', async () => {
    listApi([makeItem(1)], makeLockedUser());
    const { router } = renderList();
    await screen.findByText('1 registro');
    expect(screen.queryByRole('link', { name: 'Novo registro' })).toBeNull();
    const add = screen.getByRole('button', { name: 'Novo registro' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const describedBy = add.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(TIMELINE_MESSAGES.locked);
    fireEvent.click(add);
    expect(router.state.location.pathname).toBe('/timeline');
    fireEvent.focus(add);
    await waitFor(() =>
      expect(screen.getAllByText(TIMELINE_MESSAGES.locked).some((n) => n.closest('[role="tooltip"]'))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
    // Reading stays allowed.
    expect(rows()).toHaveLength(1);
  });
});
