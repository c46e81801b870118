import { DOR_MESSAGES, type DorHistorico, TIMELINE_MESSAGES, todayInSaoPaulo } from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_TIMEOUT_MS } from '../../lib/snackbar/snackbar-context.tsx';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { makeUserView } from '../../test/users.ts';
import MapaDorPage from './mapa-dor-page.tsx';
import { REGION_ORDER } from './pain-body-map.tsx';

const routes = [
  { path: '/mapa-dor', element: <MapaDorPage /> },
  { path: '/timeline', element: <h1>Linha do tempo</h1> },
  { path: '/planos', element: <h1>Planos</h1> },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const SAVED = { message: TIMELINE_MESSAGES.added, timelineItem: { id: 7 } };

/**
 * Answers `GET /api/home` with a user (`locked`: trial over, no plan),
 * `GET /api/timeline/dor/historico` with `historico`, and
 * `POST /api/timeline/item` with `onSave`.
 */
function stubApi({
  locked = false,
  historico = [],
  onSave = () => jsonResponse(SAVED, 201),
}: {
  locked?: boolean;
  historico?: DorHistorico['historico'];
  onSave?: Handler;
} = {}) {
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (u === '/api/home' && method === 'GET') {
      return jsonResponse({ user: makeUserView({ trialEnded: locked }) });
    }
    if (u === '/api/timeline/dor/historico' && method === 'GET') return jsonResponse({ historico });
    if (u === '/api/timeline/item' && method === 'POST') return onSave(init);
    if (u === '/api/timeline/user/055TK657' && method === 'GET') {
      return jsonResponse({ user: { id: 42, name: 'Beatriz Moura', avatar: null, code: '055TK657' } });
    }
    return jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const saves = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/timeline/item' && init?.method === 'POST')
    .map(([, init]) => {
      const body = init?.body;
      if (!(body instanceof FormData)) throw new Error('the pain record is sent as multipart');
      return Object.fromEntries(body.entries());
    });

async function openPage(options?: Parameters<typeof stubApi>[0]) {
  setToken('t');
  const fetchMock = stubApi(options);
  const view = renderRoutes(routes, '/mapa-dor');
  await screen.findByRole('heading', { level: 2, name: 'Seu histórico de dor' });
  // The user (lock) has loaded once the history has; wait for both answers.
  await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/home'));
  return { fetchMock, ...view };
}

const region = (name: string) => screen.getByRole('radio', { name });
const localSelect = () => screen.getByRole('combobox', { name: 'Local da dor' }) as HTMLSelectElement;
const nivelSelect = () => screen.getByRole('combobox', { name: 'Intensidade da dor' }) as HTMLSelectElement;
const descricao = () => screen.getByRole('textbox', { name: /Descrição/ }) as HTMLTextAreaElement;
const saveButton = () => screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
/** The back view's copy of a location (a pointer shortcut, hidden from assistive technology). */
const backCopy = (name: string) => {
  const back = screen.getByRole('group', { name: 'Vista de trás' });
  const title = [...back.querySelectorAll('title')].find((t) => t.textContent === name);
  if (!title?.parentElement) throw new Error(`no back copy of ${name}`);
  return title.parentElement;
};

async function fillAll() {
  fireEvent.click(region('Joelho'));
  fireEvent.change(nivelSelect(), { target: { value: 'Moderado' } });
  fireEvent.change(descricao(), { target: { value: 'Dor ao subir escadas' } });
  await waitFor(() => expect(saveButton().disabled).toBe(false));
}

// Each test renders the whole page (two body drawings, a dialog): room for a busy machine.
describe('/mapa-dor (docs/health-record.md "Saving a pain record")', { timeout: 20_000 }, () => {
  it('offers the 11 locations as radios on the body, in the select, and the 4 levels with accents', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mapa da dor' })).not.toBeNull();
    const group = screen.getByRole('radiogroup', { name: 'Onde dói?' });
    const names = within(group)
      .getAllByRole('radio')
      .map((r) => r.getAttribute('aria-label'));
    expect(names).toEqual(REGION_ORDER.map((l) => (l === 'Abdomem' ? 'Abdômen' : l)));
    expect(within(group).getByRole('group', { name: 'Vista de frente' })).not.toBeNull();
    expect(within(group).getByRole('group', { name: 'Vista de trás' })).not.toBeNull();
    // The wire names (docs/health-record.md "Locations and levels") are the values sent; labels are accented.
    expect([...localSelect().options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Escolha o local'],
      ['Cabeça', 'Cabeça'],
      ['Ombro', 'Ombro'],
      ['Braço', 'Braço'],
      ['Mãos', 'Mãos'],
      ['Coxa', 'Coxa'],
      ['Perna', 'Perna'],
      ['Pés', 'Pés'],
      ['Peito', 'Peito'],
      ['Abdomem', 'Abdômen'],
      ['Costas', 'Costas'],
      ['Joelho', 'Joelho'],
    ]);
    expect([...nivelSelect().options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Escolha a intensidade'],
      ['Baixo', 'Baixo'],
      ['Medio', 'Médio'],
      ['Moderado', 'Moderado'],
      ['Alta', 'Alta'],
    ]);
    expect(screen.getAllByRole('radio').every((r) => r.getAttribute('aria-checked') === 'false')).toBe(true);
  });

  it('keeps the map and the location select in step, either way', async () => {
    await openPage();
    fireEvent.click(region('Ombro'));
    expect(localSelect().value).toBe('Ombro');
    expect(region('Ombro').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Local escolhido: Ombro.')).not.toBeNull();

    fireEvent.change(localSelect(), { target: { value: 'Abdomem' } });
    expect(region('Abdômen').getAttribute('aria-checked')).toBe('true');
    expect(region('Ombro').getAttribute('aria-checked')).toBe('false');
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(1);

    // The back view: Costas is a radio there; the copies of the front's parts take clicks too.
    fireEvent.click(region('Costas'));
    expect(localSelect().value).toBe('Costas');
    fireEvent.click(backCopy('Pés'));
    expect(localSelect().value).toBe('Pés');
    expect(region('Pés').getAttribute('aria-checked')).toBe('true');
    expect(backCopy('Pés').hasAttribute('data-checked')).toBe(true);

    fireEvent.change(localSelect(), { target: { value: '' } });
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
  });

  it('moves the choice with the arrow keys, one tab stop for the whole body', async () => {
    await openPage();
    const tabStops = () => screen.getAllByRole('radio').filter((r) => r.getAttribute('tabindex') === '0');
    expect(tabStops()).toEqual([region('Cabeça')]);
    region('Cabeça').focus();
    fireEvent.keyDown(region('Cabeça'), { key: ' ' });
    expect(localSelect().value).toBe('Cabeça');
    fireEvent.keyDown(region('Cabeça'), { key: 'ArrowDown' });
    expect(localSelect().value).toBe('Ombro');
    expect(document.activeElement).toBe(region('Ombro'));
    expect(tabStops()).toEqual([region('Ombro')]);
    fireEvent.keyDown(region('Ombro'), { key: 'End' });
    expect(localSelect().value).toBe('Costas');
    expect(document.activeElement).toBe(region('Costas'));
    fireEvent.keyDown(region('Costas'), { key: 'ArrowRight' });
    expect(localSelect().value).toBe('Cabeça');
    fireEvent.keyDown(region('Cabeça'), { key: 'ArrowLeft' });
    expect(localSelect().value).toBe('Costas');
    fireEvent.keyDown(region('Costas'), { key: 'Home' });
    expect(document.activeElement).toBe(region('Cabeça'));
  });

  it('enables Salvar only with location, level and a description all filled', async () => {
    await openPage();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(region('Peito'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(nivelSelect(), { target: { value: 'Alta' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(descricao(), { target: { value: '   ' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(descricao(), { target: { value: 'Aperto no peito' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(nivelSelect(), { target: { value: '' } });
    expect(saveButton().disabled).toBe(true);
  });

  it('clears the location and the level on Cancelar, keeping the description', async () => {
    await openPage();
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(localSelect().value).toBe('');
    expect(nivelSelect().value).toBe('');
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(descricao().value).toBe('Dor ao subir escadas');
    expect(saveButton().disabled).toBe(true);
  });

  it('asks for confirmation, warning that the record cannot be edited or deleted; Voltar sends nothing', async () => {
    const { fetchMock } = await openPage();
    await fillAll();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: DOR_MESSAGES.confirmTitle });
    expect(within(dialog).getByText(DOR_MESSAGES.confirm)).not.toBeNull();
    expect(DOR_MESSAGES.confirm).toMatch(/não poderá mais ser excluído nem editado na linha do tempo/);
    expect(within(dialog).getByText('Joelho')).not.toBeNull();
    expect(within(dialog).getByText('Moderado')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves(fetchMock)).toEqual([]);
    expect(localSelect().value).toBe('Joelho');
  });

  it('saves tipo 8 on confirm, goes to /timeline and shows the message for 5 s', async () => {
    const { fetchMock, router } = await openPage();
    await fillAll();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar registro' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Linha do tempo' })).not.toBeNull();
    expect(router.state.location.pathname).toBe('/timeline');
    expect(saves(fetchMock)).toEqual([
      {
        tipo: '8',
        data: todayInSaoPaulo(),
        valor: '0',
        local_dor: 'Joelho',
        intensidade_dor: 'Moderado',
        descricao: 'Dor ao subir escadas',
      },
    ]);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(TIMELINE_MESSAGES.added);
    await act(async () => {
      vi.advanceTimersByTime(SUCCESS_TIMEOUT_MS - 100);
    });
    expect(screen.queryByText(TIMELINE_MESSAGES.added)).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(TIMELINE_MESSAGES.added)).toBeNull();
  });

  it("shows the server's errors when the save fails and stays on the page", async () => {
    const { router } = await openPage({
      onSave: () =>
        jsonResponse(
          {
            message: TIMELINE_MESSAGES.intensidade_dor,
            errors: { intensidade_dor: [TIMELINE_MESSAGES.intensidade_dor] },
          },
          422,
        ),
    });
    await fillAll();
    fireEvent.click(saveButton());
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salvar registro' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(TIMELINE_MESSAGES.intensidade_dor);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nivelSelect().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(TIMELINE_MESSAGES.intensidade_dor).length).toBeGreaterThanOrEqual(2);
    expect(router.state.location.pathname).toBe('/mapa-dor');
  });

  it("records another patient's pain by their code: sends user_id, stays for the next one, hides the own history", async () => {
    setToken('t');
    const fetchMock = stubApi({
      onSave: () => jsonResponse({ message: TIMELINE_MESSAGES.addedToPatient, timelineItem: { id: 8 } }, 201),
    });
    const { router } = renderRoutes(routes, '/mapa-dor?code=055TK657');
    expect(await screen.findByText('Beatriz Moura')).not.toBeNull();
    expect(screen.getByText(/vai para a linha do tempo de Beatriz Moura/)).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Seu histórico de dor' })).toBeNull();
    await fillAll();
    fireEvent.click(saveButton());
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salvar registro' }),
    );
    expect(await screen.findByText(TIMELINE_MESSAGES.addedToPatient)).not.toBeNull();
    expect(saves(fetchMock)).toEqual([
      expect.objectContaining({ tipo: '8', local_dor: 'Joelho', user_id: '42' }),
    ]);
    expect(router.state.location.pathname).toBe('/mapa-dor');
    expect(localSelect().value).toBe('');
    expect(descricao().value).toBe('');

    // Cleared: back to the caller's own timeline and history.
    fireEvent.click(screen.getByRole('button', { name: 'Limpar paciente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Seu histórico de dor' })).not.toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('locks the map and the form when the trial ended, with a way to /planos', async () => {
    const { fetchMock, router } = await openPage({ locked: true });
    expect(await screen.findByText(TIMELINE_MESSAGES.locked)).not.toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Onde dói?' }).getAttribute('aria-disabled')).toBe('true');
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio.getAttribute('aria-disabled')).toBe('true');
      expect(radio.getAttribute('tabindex')).toBe('-1');
    }
    fireEvent.click(region('Ombro'));
    fireEvent.keyDown(region('Ombro'), { key: 'ArrowDown' });
    expect(localSelect().value).toBe('');
    expect(localSelect().disabled).toBe(true);
    expect(nivelSelect().disabled).toBe(true);
    expect(descricao().disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);
    expect(saves(fetchMock)).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'Ver planos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Planos' })).not.toBeNull();
    expect(router.state.location.pathname).toBe('/planos');
  });
});

describe('pain history (issue 5 "Pain map"; docs/health-record.md "Pain history")', {
  timeout: 20_000,
}, () => {
  it('says so when there is no pain in the last 90 days', async () => {
    await openPage();
    expect(screen.getByText(DOR_MESSAGES.historicoVazio)).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shades the regions and lists them in a table, with a legend', async () => {
    await openPage({
      historico: [
        { local_dor: 'Costas', vezes: 6, intensidade_max: 'Alta', ultima: '2025-06-14' },
        { local_dor: 'Abdomem', vezes: 1, intensidade_max: 'Medio', ultima: '2025-05-02' },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Dor por local nos últimos 90 dias' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Local', 'Vezes', 'Maior intensidade', 'Última vez'],
      ['CostasMuito forte', '6', 'Alta', '14/06/2025'],
      ['AbdômenMédia', '1', 'Médio', '02/05/2025'],
    ]);
    const legend = screen.getByRole('list', { name: 'Legenda das cores' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Leve', 'Média', 'Forte', 'Muito forte']);
    const drawing = screen.getByRole('img', { name: /Seu histórico de dor desenhado no corpo/ });
    const shadeOf = (view: number, nth: number) =>
      drawing
        .querySelectorAll('svg')
        [view]?.querySelectorAll('g[data-shade]')
        [nth]?.getAttribute('data-shade');
    // Front: Cabeça, Ombro, Peito, Abdomem… ; back: Cabeça, Ombro, Costas…
    expect(shadeOf(0, 0)).toBe('0');
    expect(shadeOf(0, 3)).toBe('2');
    expect(shadeOf(1, 2)).toBe('4');
  });
});
