import type { MedicoView } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { type ApiCall, stubApi } from '../../test/stub-api.ts';
import { makeMedico } from '../../test/telemedicina-fixtures.ts';
import { CLINICA_SEARCH_DEBOUNCE_MS } from './api/search-clinicas.ts';
import MedicosPage from './medicos-page.tsx';
import { CHOOSE_CIDADE } from './search/medicos-search-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const many = Array.from({ length: 12 }, (_, i) =>
  makeMedico(100 + i, { name: `Médico ${String(i + 1).padStart(2, '0')}` }),
);
const JOSE = makeMedico(8, {
  name: 'José Ricardo Albuquerque',
  especialidade: 'Ortopedia e Traumatologia',
  especialidades: ['Ortopedia e Traumatologia'],
  cidade: { id: 2611606, descricao: 'Recife - PE' },
  cidade_descricao: 'Recife - PE',
  status: 1,
});

/**
 * A fake search API: `all` pages 10 at a time over `everyone`; the search
 * answers `found` from `skip` on; cities, clinics and specialties for the form.
 */
function searchApi(everyone: MedicoView[], found: MedicoView[]) {
  return stubApi(({ url, method, body }) => {
    const all = /^\/api\/telemedicina\/medicos\/all(?:\/(\d+))?$/.exec(url);
    if (all && method === 'GET') {
      const skip = Number(all[1] ?? 0);
      return jsonResponse({ medicos: everyone.slice(skip, skip + 10), total: everyone.length });
    }
    if (url === '/api/telemedicina/medicos/search' && method === 'PUT') {
      const skip = (body as { skip: number }).skip;
      return jsonResponse({ medicos: found.slice(skip, skip + 10), total: found.length });
    }
    if (url.startsWith('/api/cidades/search/'))
      return jsonResponse({ cidades: [{ id: 2611606, descricao: 'Recife - PE' }] });
    if (url.startsWith('/api/clinicas/search/'))
      return jsonResponse({
        clinicas: [
          { id: 3, nome: 'Clínica Ortopédica Boa Viagem', cidade: { id: 2611606, descricao: 'Recife - PE' } },
        ],
      });
    if (url === '/api/especialidades')
      return jsonResponse({
        especialidades: [
          { id: 4, nome: 'Cardiologia' },
          { id: 12, nome: 'Ortopedia e Traumatologia' },
        ],
      });
    return undefined;
  });
}

function renderSearch(path = '/telemedicina/medicos') {
  return renderRoutes([{ path: '/telemedicina/medicos', element: <MedicosPage /> }], path);
}

const searches = (calls: ApiCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/telemedicina/medicos')).map((c) => [c.method, c.url, c.body]);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('/telemedicina/medicos without filters', { timeout: 15_000 }, () => {
  it("lists every doctor in pages of the server's size with 'Carregar mais'", async () => {
    const { calls } = searchApi(many, []);
    renderSearch();
    expect(await screen.findByText('Mostrando 10 de 12 médicos')).not.toBeNull();
    const results = screen.getByRole('region', { name: 'Todos os médicos' });
    expect(within(results).getAllByRole('link')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('12 médicos encontrados')).not.toBeNull();
    expect(within(results).getAllByRole('link')).toHaveLength(12);
    expect(within(results).getAllByRole('link')[11]?.getAttribute('href')).toBe('/telemedicina/medico/111');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(searches(calls)).toEqual([
      ['GET', '/api/telemedicina/medicos/all', undefined],
      ['GET', '/api/telemedicina/medicos/all/10', undefined],
    ]);
  });

  it("says 'Nenhum médico encontrado' when nobody is listed", async () => {
    searchApi([], []);
    renderSearch();
    expect(await screen.findByText('Nenhum médico encontrado', { exact: true })).not.toBeNull();
  });
});

describe('the filtered doctor search (docs/telemedicine.md "Finding a doctor")', { timeout: 15_000 }, () => {
  it('searches by city, clinic, specialty and name with PUT …/search and skip paging', async () => {
    const { calls } = searchApi(many, [JOSE, ...many]);
    const { router } = renderSearch();
    await screen.findByText('Mostrando 10 de 12 médicos');

    fireEvent.change(screen.getByRole('combobox', { name: 'Cidade' }), { target: { value: 'reci' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Recife - PE' }));

    const clinica = screen.getByRole('combobox', { name: 'Clínica' });
    fireEvent.change(clinica, { target: { value: 'b' } });
    await pause(CLINICA_SEARCH_DEBOUNCE_MS + 100);
    expect(calls.some((c) => c.url.startsWith('/api/clinicas/search/'))).toBe(false);
    fireEvent.change(clinica, { target: { value: 'boa' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Clínica Ortopédica Boa Viagem · Recife - PE' }),
    );
    expect(calls.filter((c) => c.url.startsWith('/api/clinicas/search/')).map((c) => c.url)).toEqual([
      '/api/clinicas/search/boa',
    ]);

    fireEvent.click(screen.getByRole('combobox', { name: 'Especialidade' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ortopedia e Traumatologia' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome do médico' }), {
      target: { value: ' José ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    const results = await screen.findByRole('region', { name: 'Resultado da busca' });
    expect(await within(results).findByText('Mostrando 10 de 13 médicos')).not.toBeNull();
    expect(within(results).getAllByRole('link')[0]?.textContent).toContain('José Ricardo Albuquerque');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await within(results).findByText('13 médicos encontrados')).not.toBeNull();

    const filter = { cidade: 2611606, clinica: 3, especialidade: 12, nome: 'José' };
    expect(searches(calls).slice(1)).toEqual([
      ['PUT', '/api/telemedicina/medicos/search', { ...filter, skip: 0 }],
      ['PUT', '/api/telemedicina/medicos/search', { ...filter, skip: 10 }],
    ]);
    // The filters live in the URL: going back from a profile finds the same results.
    const params = router.state.location.search;
    expect(new URLSearchParams(params).get('cidade')).toBe('2611606');
    expect(new URLSearchParams(params).get('clinica_nome')).toBe(
      'Clínica Ortopédica Boa Viagem · Recife - PE',
    );
  });

  it('reads the filters from the URL and shows them in the form', async () => {
    const { calls } = searchApi(many, [JOSE]);
    renderSearch(
      '/telemedicina/medicos?cidade=2611606&cidade_nome=Recife%20-%20PE&especialidade=12&nome=Jos%C3%A9',
    );
    expect(await screen.findByText('1 médico encontrado')).not.toBeNull();
    expect(searches(calls)).toEqual([
      [
        'PUT',
        '/api/telemedicina/medicos/search',
        { cidade: 2611606, clinica: null, especialidade: 12, nome: 'José', skip: 0 },
      ],
    ]);
    expect((screen.getByRole('combobox', { name: 'Cidade' }) as HTMLInputElement).value).toBe('Recife - PE');
    expect((screen.getByRole('textbox', { name: 'Nome do médico' }) as HTMLInputElement).value).toBe('José');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Especialidade' }) as HTMLInputElement).value).toBe(
        'Ortopedia e Traumatologia',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByText('Mostrando 10 de 12 médicos')).not.toBeNull();
    expect((screen.getByRole('combobox', { name: 'Cidade' }) as HTMLInputElement).value).toBe('');
  });

  it("says 'Nenhum médico encontrado.' when the filters match nobody", async () => {
    searchApi(many, []);
    renderSearch('/telemedicina/medicos?nome=Ninguem');
    expect(await screen.findByText('Nenhum médico encontrado.', { exact: true })).not.toBeNull();
    expect(screen.getByText('Tente com menos filtros ou outra grafia do nome.')).not.toBeNull();
  });

  it('asks to choose a city typed but not picked from the list, and searches nothing', async () => {
    const { calls } = searchApi(many, []);
    renderSearch();
    await screen.findByText('Mostrando 10 de 12 médicos');
    fireEvent.change(screen.getByRole('combobox', { name: 'Cidade' }), { target: { value: 'Recif' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(CHOOSE_CIDADE)).not.toBeNull();
    expect(screen.getByRole('combobox', { name: 'Cidade' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
