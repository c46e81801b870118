import type { AcessoView } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { formatDateAtTimeBR as formatAcessoInstant } from '../../ui/date-time.ts';
import AcessosPage, { NO_ACESSOS } from './acessos-page.tsx';
import { acessosCountLine } from './format-acesso.ts';

const routes = [
  { path: '/permissoes/acessos', element: <AcessosPage /> },
  { path: '/permissoes', element: <h1>Permissões</h1> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** `n` visitor rows, ids from `first` down, one minute apart going back from 22/11/2026 14:05 (Brasília). */
function visitorRows(n: number, first: number): AcessoView[] {
  return Array.from({ length: n }, (_, i) => ({
    id: first - i,
    created_at: new Date(Date.parse('2026-11-22T17:05:00Z') - (25 - first + i) * 60_000).toISOString(),
    viewer: null,
    tabs: ['emergencia'],
    codigo_substituido: null,
    localizacao: null,
    destinatario: null,
  }));
}

function stubPages(pages: Record<string, { acessos: AcessoView[]; total: number } | Response>) {
  const fetchMock = vi.fn(async (url: string | URL | Request) => {
    const page = pages[String(url)];
    if (!page) return jsonResponse({ message: 'Não encontrado' }, 404);
    return page instanceof Response ? page : jsonResponse(page);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('formatting', () => {
  it("shows instants as 'dd/mm/aaaa às HH:mm' in Brasília time", () => {
    expect(formatAcessoInstant('2026-11-22T17:05:00Z')).toBe('22/11/2026 às 14:05');
    // 02:30 UTC is still the previous evening in São Paulo; midnight is 00, not 24.
    expect(formatAcessoInstant('2026-11-23T02:30:00.000Z')).toBe('22/11/2026 às 23:30');
    expect(formatAcessoInstant('2026-11-23T03:00:00Z')).toBe('23/11/2026 às 00:00');
  });

  it('counts the rows loaded out of the total', () => {
    expect(acessosCountLine(1, 1)).toBe('1 acesso');
    expect(acessosCountLine(3, 3)).toBe('3 acessos');
    expect(acessosCountLine(20, 25)).toBe('20 de 25 acessos');
  });
});

describe("/permissoes/acessos 'Quem acessou meus dados'", () => {
  it('lists each access with when, who and the tabs seen, newest first, and links back', async () => {
    setToken('t');
    const fetchMock = stubPages({
      '/api/permissoes/acessos?offset=0': {
        total: 4,
        acessos: [
          {
            id: 4,
            created_at: '2026-11-22T17:05:00.000Z',
            viewer: { name: 'Carla Mendes', kind: 'own_doctor' },
            tabs: ['emergencia', 'endereco', 'emergencia_saude', 'saude', 'timeline'],
            codigo_substituido: null,
            localizacao: null,
            destinatario: null,
          },
          {
            id: 3,
            created_at: '2026-11-22T16:00:00.000Z',
            viewer: { name: 'Bruno Lima', kind: 'other_user' },
            tabs: ['emergencia'],
            codigo_substituido: null,
            localizacao: null,
            destinatario: null,
          },
          {
            id: 2,
            created_at: '2026-11-21T12:30:00.000Z',
            viewer: { name: 'Ana Souza', kind: 'self' },
            tabs: ['emergencia', 'saude'],
            codigo_substituido: null,
            localizacao: null,
            destinatario: null,
          },
          {
            id: 1,
            created_at: '2026-11-20T09:00:00.000Z',
            viewer: null,
            tabs: ['emergencia'],
            codigo_substituido: null,
            localizacao: null,
            destinatario: null,
          },
        ],
      },
    });
    renderRoutes(routes, '/permissoes/acessos');
    expect(screen.getByRole('heading', { level: 1, name: 'Quem acessou meus dados' })).not.toBeNull();
    expect(screen.getByRole('status', { name: 'Carregando acessos' })).not.toBeNull();
    expect(await screen.findByText('4 acessos')).not.toBeNull();
    expect(document.title).toBe('Quem acessou meus dados · Pulso');

    const items = screen.getAllByRole('listitem').filter((li) => li.querySelector('time'));
    expect(items).toHaveLength(4);
    const [doctor, other, self, visitor] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(doctor).getByText('22/11/2026 às 14:05').getAttribute('datetime')).toBe(
      '2026-11-22T17:05:00.000Z',
    );
    expect(doctor.textContent).toContain('Carla Mendes');
    expect(doctor.textContent).toContain('Seu médico');
    expect(
      within(doctor)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([
      'Dados de emergência',
      'Endereço',
      'Alergias, medicamentos e doenças na aba Emergência',
      'Minha saúde',
      'Linha do tempo',
    ]);
    expect(other.textContent).toContain('Bruno Lima');
    expect(other.textContent).toContain('Usuário do Pulso');
    expect(other.textContent).toContain('22/11/2026 às 13:00');
    expect(self.textContent).toContain('Você');
    expect(self.textContent).not.toContain('Ana Souza');
    expect(visitor.textContent).toContain('Visitante (sem conta)');
    expect(visitor.textContent).toContain('20/11/2026 às 06:00');
    expect(
      within(visitor)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Dados de emergência']);

    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para Permissões' }).getAttribute('href')).toBe(
      '/permissoes',
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t');
  });

  it("says 'Ninguém acessou seus dados ainda.' when the log is empty", async () => {
    setToken('t');
    stubPages({ '/api/permissoes/acessos?offset=0': { acessos: [], total: 0 } });
    renderRoutes(routes, '/permissoes/acessos');
    expect(await screen.findByText(NO_ACESSOS)).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it("loads 20 at a time with 'Carregar mais', asking from the number already loaded", async () => {
    setToken('t');
    const fetchMock = stubPages({
      '/api/permissoes/acessos?offset=0': { acessos: visitorRows(20, 25), total: 25 },
      '/api/permissoes/acessos?offset=20': { acessos: visitorRows(5, 5), total: 25 },
    });
    renderRoutes(routes, '/permissoes/acessos');
    expect(await screen.findByText('20 de 25 acessos')).not.toBeNull();
    expect(document.querySelectorAll('time')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('25 acessos')).not.toBeNull();
    const times = [...document.querySelectorAll('time')].map((t) => t.getAttribute('datetime'));
    expect(times).toHaveLength(25);
    expect(times).toEqual([...times].sort().reverse());
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/permissoes/acessos?offset=0',
      '/api/permissoes/acessos?offset=20',
    ]);
  });

  it("keeps the rows and shows the message when 'Carregar mais' fails", async () => {
    setToken('t');
    stubPages({
      '/api/permissoes/acessos?offset=0': { acessos: visitorRows(20, 25), total: 25 },
      '/api/permissoes/acessos?offset=20': jsonResponse({ message: 'Acesso negado' }, 403),
    });
    renderRoutes(routes, '/permissoes/acessos');
    await screen.findByText('20 de 25 acessos');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Acesso negado');
    expect(document.querySelectorAll('time')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Carregar mais' })).not.toBeNull();
  });

  it("offers 'Tentar novamente' when the log cannot be loaded", async () => {
    setToken('t');
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ message: 'Acesso negado' }, 403))
      .mockResolvedValue(jsonResponse({ acessos: [], total: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/permissoes/acessos');
    expect(await screen.findByText('Acesso negado')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByText(NO_ACESSOS)).not.toBeNull());
  });

  it('shows an attempt with a replaced code as such: the old code, and that nothing was seen', async () => {
    setToken('t');
    stubPages({
      '/api/permissoes/acessos?offset=0': {
        total: 1,
        acessos: [
          {
            id: 9,
            created_at: '2026-11-28T12:00:00.000Z',
            viewer: null,
            tabs: [],
            localizacao: null,
            destinatario: null,
            codigo_substituido: '123AB456',
          },
        ],
      },
    });
    renderRoutes(routes, '/permissoes/acessos');
    expect(await screen.findByText('1 acesso')).not.toBeNull();
    const [item] = screen.getAllByRole('listitem').filter((li) => li.querySelector('time'));
    expect(item?.textContent).toContain('Visitante (sem conta)');
    expect(item?.textContent).toContain(
      'Tentou abrir o código antigo 123 AB 456, que você substituiu: não viu nenhum dado seu.',
    );
    expect(item?.textContent).not.toContain('Viu:');
  });

  it('shows where the viewer was, when they shared it, with a map link', async () => {
    setToken('t');
    stubPages({
      '/api/permissoes/acessos?offset=0': {
        total: 1,
        acessos: [
          {
            id: 9,
            created_at: '2026-11-28T12:00:00.000Z',
            viewer: null,
            tabs: ['emergencia'],
            localizacao: { latitude: -23.551, longitude: -46.633 },
            destinatario: null,
            codigo_substituido: null,
          },
        ],
      },
    });
    renderRoutes(routes, '/permissoes/acessos');
    const link = await screen.findByRole('link', { name: 'ver no mapa' });
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps?q=-23.551,-46.633');
    expect(link.closest('p')?.textContent).toContain('Compartilhou onde estava');
  });
});
