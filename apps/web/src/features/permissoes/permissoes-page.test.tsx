import {
  DEFAULT_PERMISSOES,
  PERMISSOES_MESSAGES,
  type Permissoes,
  SAUDE_LEVEL_INFO,
  SHL_MESSAGES,
} from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import PermissoesPage, { SAVING_TEXT } from './permissoes-page.tsx';

const routes = [
  { path: '/permissoes', element: <PermissoesPage /> },
  { path: '/permissoes/acessos', element: <h1>Quem acessou meus dados</h1> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The consent history the stub answers: one change, then the two acceptances at registration. */
const HISTORY = {
  total: 3,
  consentimentos: [
    { id: 3, created_at: '2026-11-22T17:05:00.000Z', item: 'permissoes_saude', valor: '2' },
    { id: 2, created_at: '2026-11-20T12:00:00.000Z', item: 'politica', valor: '2026-11-01T15:00:00.000Z' },
    { id: 1, created_at: '2026-11-20T12:00:00.000Z', item: 'termos', valor: null },
  ],
};

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers `GET /api/permissoes` with `permissoes`, and any other call with `onWrite`. */
function stubApi(permissoes: Permissoes = DEFAULT_PERMISSOES, onWrite?: Handler) {
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    if (u === '/api/permissoes' && (init?.method ?? 'GET') === 'GET') return jsonResponse({ permissoes });
    if (u === '/api/permissoes/consentimentos') return jsonResponse(HISTORY);
    if (u === '/api/shl' && (init?.method ?? 'GET') === 'GET') return jsonResponse({ links: [] });
    if (u === '/api/permissoes/alertas' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse({ alertas: { push: true, email: true } });
    if (onWrite) return onWrite(u, init);
    return jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

const level = (n: 1 | 2 | 3 | 4) =>
  screen.getByRole('radio', { name: SAUDE_LEVEL_INFO[n].label }) as HTMLInputElement;
const timelineSwitch = () =>
  screen.getByRole('switch', { name: 'Permitir acesso à linha do tempo' }) as HTMLInputElement;

describe('/permissoes (docs/authorization.md "Permissions screen")', () => {
  it('shows a section per tab, the level and the timeline switch as saved, and a link to the access log', async () => {
    setToken('t');
    stubApi();
    renderRoutes(routes, '/permissoes');
    expect(screen.getByRole('heading', { level: 1, name: 'Permissões' })).not.toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Carregando ...');

    await screen.findByRole('radiogroup');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Dados de emergência',
      'Minha saúde',
      'Linha do tempo',
      'Telemedicina',
      'Avisos quando abrirem seu código',
      'Compartilhar resumo de saúde',
      'Histórico de consentimentos',
    ]);

    const emergencia = screen.getByRole('region', { name: 'Dados de emergência' });
    expect(within(emergencia).getByText('Sempre visível')).not.toBeNull();
    expect(within(emergencia).queryByRole('radio')).toBeNull();
    // Its two switches: what the Emergency tab adds for anyone.
    expect(within(emergencia).getAllByRole('switch')).toHaveLength(2);
    const tele = screen.getByRole('region', { name: 'Telemedicina' });
    expect(within(tele).getByText(/Nunca aparecem para quem\s+ler seu código/)).not.toBeNull();
    expect(within(tele).queryByRole('radio')).toBeNull();

    // The four levels with their plain explanations, the saved one checked.
    for (const n of [1, 2, 3, 4] as const) {
      expect(level(n).checked).toBe(n === 2);
      const describedBy = level(n).getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent).toBe(SAUDE_LEVEL_INFO[n].description);
    }
    expect(timelineSwitch().checked).toBe(false);
    expect(screen.getByText('Desativado: só você vê sua linha do tempo.')).not.toBeNull();

    const link = screen.getByRole('link', { name: 'Quem acessou meus dados' });
    expect(link.getAttribute('href')).toBe('/permissoes/acessos');
  });

  it("saves a new level at once with PUT /api/permissoes and shows 'Permissões atualizadas com sucesso'", async () => {
    setToken('t');
    const fetchMock = stubApi(undefined, (url) =>
      url === '/api/permissoes'
        ? jsonResponse({
            message: PERMISSOES_MESSAGES.updated,
            permissoes: { ...DEFAULT_PERMISSOES, saude: 4, timeline: false },
          })
        : jsonResponse({}, 404),
    );
    renderRoutes(routes, '/permissoes');
    await screen.findByRole('radiogroup');
    fireEvent.click(level(4));
    // Optimistic: checked before the answer arrives.
    await waitFor(() => expect(level(4).checked).toBe(true));
    expect(await screen.findByText(PERMISSOES_MESSAGES.updated)).not.toBeNull();
    expect(writes(fetchMock)).toEqual([{ url: '/api/permissoes', body: { saude: 4 } }]);
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer t');
    expect(level(4).checked).toBe(true);
    expect(level(2).checked).toBe(false);
  });

  it('turns the timeline on with PUT /api/permissoes/timeline and explains who now sees it', async () => {
    setToken('t');
    const fetchMock = stubApi({ ...DEFAULT_PERMISSOES, saude: 3 }, (url) =>
      url === '/api/permissoes/timeline'
        ? jsonResponse({
            message: PERMISSOES_MESSAGES.updated,
            permissoes: { ...DEFAULT_PERMISSOES, saude: 3, timeline: true },
          })
        : jsonResponse({}, 404),
    );
    renderRoutes(routes, '/permissoes');
    await screen.findByRole('radiogroup');
    fireEvent.click(timelineSwitch());
    expect(await screen.findByText(PERMISSOES_MESSAGES.updated)).not.toBeNull();
    expect(writes(fetchMock)).toEqual([{ url: '/api/permissoes/timeline', body: { timeline: true } }]);
    expect(timelineSwitch().checked).toBe(true);
    expect(
      screen.getByText(
        'Ativado: sua linha do tempo aparece para quem pode ver Minha saúde (agora: eu e qualquer profissional de saúde).',
      ),
    ).not.toBeNull();
  });

  it('turns on the allergies strip and the address of the Emergency tab with PUT /api/permissoes/emergencia', async () => {
    setToken('t');
    const saved = { ...DEFAULT_PERMISSOES };
    const fetchMock = stubApi(DEFAULT_PERMISSOES, (url, init) => {
      if (url !== '/api/permissoes/emergencia') return jsonResponse({}, 404);
      Object.assign(saved, JSON.parse(String(init?.body)));
      return jsonResponse({ message: PERMISSOES_MESSAGES.updated, permissoes: { ...saved } });
    });
    renderRoutes(routes, '/permissoes');
    const strip = (await screen.findByRole('switch', {
      name: 'Mostrar na aba Emergência: alergias, medicamentos e doenças',
    })) as HTMLInputElement;
    const address = screen.getByRole('switch', {
      name: 'Mostrar na aba Emergência: endereço (rua, número, complemento e bairro)',
    }) as HTMLInputElement;
    expect([strip.checked, address.checked]).toEqual([false, false]);
    expect(strip.getAttribute('aria-describedby')).not.toBeNull();
    expect(
      screen.getByText(/Desativado: um socorrista que ler seu código não vê suas alergias/),
    ).not.toBeNull();
    expect(screen.getByText('Desativado: quem ler seu código vê só a sua cidade.')).not.toBeNull();

    fireEvent.click(strip);
    expect(await screen.findByText(PERMISSOES_MESSAGES.updated)).not.toBeNull();
    await waitFor(() => expect(screen.queryByText(SAVING_TEXT)).toBeNull());
    fireEvent.click(address);
    await waitFor(() => expect(address.checked).toBe(true));
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(2));
    expect(writes(fetchMock)).toEqual([
      { url: '/api/permissoes/emergencia', body: { emergencia_saude: true } },
      { url: '/api/permissoes/emergencia', body: { endereco: true } },
    ]);
    expect(strip.checked).toBe(true);
    expect(screen.getByText(/Ativado: quem ler seu código vê, antes de tudo, suas alergias/)).not.toBeNull();
    expect(screen.getByText('Ativado: quem ler seu código vê seu endereço completo.')).not.toBeNull();
  });

  it("puts the level back and shows the server's message when the save fails", async () => {
    setToken('t');
    stubApi(undefined, () =>
      jsonResponse(
        { message: PERMISSOES_MESSAGES.saude, errors: { saude: [PERMISSOES_MESSAGES.saude] } },
        422,
      ),
    );
    renderRoutes(routes, '/permissoes');
    await screen.findByRole('radiogroup');
    fireEvent.click(level(1));
    expect((await screen.findByRole('alert')).textContent).toContain(PERMISSOES_MESSAGES.saude);
    await waitFor(() => expect(level(2).checked).toBe(true));
    expect(level(1).checked).toBe(false);
  });

  it('turns the switch back off when the server cannot be reached', async () => {
    setToken('t');
    stubApi(undefined, () => {
      throw new TypeError('Failed to fetch');
    });
    renderRoutes(routes, '/permissoes');
    await screen.findByRole('radiogroup');
    fireEvent.click(timelineSwitch());
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível conectar ao Pulso');
    await waitFor(() => expect(timelineSwitch().checked).toBe(false));
  });

  it('ignores further changes while one is being saved', async () => {
    setToken('t');
    let answer: (r: Response) => void = () => {};
    const fetchMock = stubApi(
      undefined,
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderRoutes(routes, '/permissoes');
    await screen.findByRole('radiogroup');
    fireEvent.click(level(3));
    await waitFor(() => expect(screen.getByText(SAVING_TEXT)).not.toBeNull());
    fireEvent.click(level(1));
    fireEvent.click(timelineSwitch());
    expect(level(3).checked).toBe(true);
    expect(timelineSwitch().checked).toBe(false);
    expect(writes(fetchMock)).toEqual([{ url: '/api/permissoes', body: { saude: 3 } }]);

    answer(
      jsonResponse({
        message: PERMISSOES_MESSAGES.updated,
        permissoes: { ...DEFAULT_PERMISSOES, saude: 3, timeline: false },
      }),
    );
    expect(await screen.findByText(PERMISSOES_MESSAGES.updated)).not.toBeNull();
    expect(screen.queryByText(SAVING_TEXT)).toBeNull();
  });

  it("offers 'Tentar novamente' when the permissions cannot be loaded", async () => {
    setToken('t');
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ message: 'Acesso negado' }, 403))
      .mockResolvedValue(jsonResponse({ permissoes: { ...DEFAULT_PERMISSOES, saude: 1, timeline: true } }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/permissoes');
    expect(await screen.findByText('Acesso negado')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('radiogroup');
    expect(level(1).checked).toBe(true);
    expect(timelineSwitch().checked).toBe(true);
    expect(screen.getByText(/Com "Somente eu" em Minha saúde, ninguém mais a vê/)).not.toBeNull();
  });

  it('lists the consent history, newest first, with when; a change reads it again', async () => {
    setToken('t');
    const fetchMock = stubApi(DEFAULT_PERMISSOES, async () =>
      jsonResponse({
        message: 'Permissões atualizadas com sucesso',
        permissoes: { ...DEFAULT_PERMISSOES, saude: 3 },
      }),
    );
    renderRoutes(routes, '/permissoes');
    const history = await screen.findByRole('region', { name: 'Histórico de consentimentos' });
    await within(history).findByText('Minha saúde visível para: Eu e meus médicos');
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Minha saúde visível para: Eu e meus médicos22/11/2026 às 14:05',
      'Aceitou a Política de privacidade (versão de 01/11/2026)20/11/2026 às 09:00',
      'Aceitou os Termos de uso20/11/2026 às 09:00',
    ]);
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === '/api/permissoes/consentimentos');
    expect(reads()).toHaveLength(1);
    fireEvent.click(level(3));
    await waitFor(() => expect(reads()).toHaveLength(2));
  });

  it('turns the alerts by notification off at once, and says what that means', async () => {
    setToken('t');
    const fetchMock = stubApi(DEFAULT_PERMISSOES, async (url, init) =>
      url === '/api/permissoes/alertas' && init?.method === 'PUT'
        ? jsonResponse({
            message: 'Permissões atualizadas com sucesso',
            alertas: { push: false, email: true },
          })
        : jsonResponse({ message: 'Não encontrado' }, 404),
    );
    renderRoutes(routes, '/permissoes');
    const section = await screen.findByRole('region', { name: 'Avisos quando abrirem seu código' });
    const push = (await within(section).findByRole('switch', {
      name: 'Avisar por notificação',
    })) as HTMLInputElement;
    const email = within(section).getByRole('switch', { name: 'Avisar por e-mail' }) as HTMLInputElement;
    expect(push.checked).toBe(true);
    expect(email.checked).toBe(true);
    fireEvent.click(push);
    await waitFor(() =>
      expect(writes(fetchMock)).toEqual([{ url: '/api/permissoes/alertas', body: { push: false } }]),
    );
    await waitFor(() => expect(push.checked).toBe(false));
    expect(
      within(section).getByText('Desativado: nenhuma notificação quando abrirem seu código.'),
    ).not.toBeNull();
    expect(email.checked).toBe(true);
  });

  it("refuses a link without a name with the server's own message, sending nothing", async () => {
    setToken('t');
    const fetchMock = stubApi();
    renderRoutes(routes, '/permissoes');
    const section = await screen.findByRole('region', { name: 'Compartilhar resumo de saúde' });
    fireEvent.click(within(section).getByRole('button', { name: 'Criar link' }));
    expect(await within(section).findByText(SHL_MESSAGES.label)).not.toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
