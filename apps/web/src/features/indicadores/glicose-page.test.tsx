import { GLICOSE_MESSAGES, type GlicoseView, INDICADOR_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { type ApiCall, stubApi } from '../../test/stub-api.ts';
import { makeUserView } from '../../test/users.ts';
import GlicoseHistoricoPage from './glicose-historico-page.tsx';
import GlicosePage from './glicose-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const reading = (over: Partial<GlicoseView> = {}): GlicoseView => ({
  id: 1,
  value: 110,
  time_of_day: 1,
  status: 'alterada',
  data_afericao: '2026-05-02',
  time_afericao: '07:30',
  ...over,
});

function open(
  path: '/indicador/glicose' | '/indicador/glicose/historico',
  {
    diabetes = false,
    glicose = [] as GlicoseView[],
    total,
    onSave,
  }: {
    diabetes?: boolean;
    glicose?: GlicoseView[];
    total?: number;
    onSave?: (call: ApiCall) => Response;
  } = {},
) {
  setToken('t');
  const api = stubApi((call) => {
    if (call.url === '/api/home' && call.method === 'GET') return jsonResponse({ user: makeUserView() });
    if (call.url.startsWith('/api/home/glicose?') && call.method === 'GET') {
      const offset = Number(new URL(call.url, 'http://x').searchParams.get('offset'));
      return jsonResponse({
        glicose: glicose.slice(offset, offset + 30),
        total: total ?? glicose.length,
        diabetes,
      });
    }
    if (call.url.startsWith('/api/home/glicose') && (call.method === 'POST' || call.method === 'PATCH')) {
      return onSave?.(call);
    }
    return undefined;
  });
  renderRoutes(
    [
      { path: '/indicador/glicose', element: <GlicosePage /> },
      { path: '/indicador/glicose/historico', element: <GlicoseHistoricoPage /> },
    ],
    path,
  );
  return api;
}

const valueInput = () => screen.getByRole('textbox', { name: /Glicose \(mg\/dL\)/ }) as HTMLInputElement;
const periodo = () => screen.getByRole('combobox', { name: /Período/ }) as HTMLSelectElement;

describe('/indicador/glicose (docs/indicators-and-score.md "Glucose")', { timeout: 20_000 }, () => {
  it('keeps the value disabled with the red warning until a period is chosen', async () => {
    open('/indicador/glicose');
    expect(await screen.findByText(GLICOSE_MESSAGES.periodoPrimeiro)).not.toBeNull();
    expect(valueInput().disabled).toBe(true);
    expect(valueInput().placeholder).toBe('120');
    expect([...periodo().options].map((o) => o.text)).toEqual([
      'Escolha o período',
      'Café',
      'Almoço',
      'Janta',
      'Após as 22 Horas',
    ]);
    fireEvent.change(periodo(), { target: { value: '2' } });
    await waitFor(() => expect(valueInput().disabled).toBe(false));
    expect(screen.queryByText(GLICOSE_MESSAGES.periodoPrimeiro)).toBeNull();
    // The mask keeps 3 digits.
    fireEvent.input(valueInput(), { target: { value: '1234' } });
    await waitFor(() => expect(valueInput().value).toBe('123'));
  });

  it('shows the diabetes notice linking to /saude and the alert without diabetes', async () => {
    open('/indicador/glicose');
    expect(await screen.findByText(GLICOSE_MESSAGES.avisoDiabetes)).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Abrir Minha saúde' }).getAttribute('href')).toBe('/saude');
    fireEvent.change(periodo(), { target: { value: '1' } });
    fireEvent.input(valueInput(), { target: { value: '130' } });
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('Risco de diabetes');
    fireEvent.input(valueInput(), { target: { value: '85' } });
    await waitFor(() => expect(screen.getByText('Sua glicose está normal')).not.toBeNull());
  });

  it('follows the diabetes goals and hides the notice when Diabetes is declared', async () => {
    open('/indicador/glicose', { diabetes: true });
    fireEvent.change(await screen.findByRole('combobox', { name: /Período/ }), { target: { value: '3' } });
    fireEvent.input(valueInput(), { target: { value: '170' } });
    expect(await screen.findByText('Sua glicose está normal')).not.toBeNull();
    expect(screen.queryByText(GLICOSE_MESSAGES.avisoDiabetes)).toBeNull();
    fireEvent.input(valueInput(), { target: { value: '181' } });
    expect(await screen.findByText('Sua glicose está alterada')).not.toBeNull();
  });

  it("sends the period and says the server's 'atualizado' message; a failure says insertError", async () => {
    let answer = jsonResponse(
      { message: INDICADOR_MESSAGES.updated, acao: 'atualizado', glicose: reading({ value: 95 }) },
      200,
    );
    const api = open('/indicador/glicose', { onSave: () => answer });
    fireEvent.change(await screen.findByRole('combobox', { name: /Período/ }), { target: { value: '1' } });
    fireEvent.input(valueInput(), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(INDICADOR_MESSAGES.updated)).not.toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ value: '95', time_of_day: 1 });

    answer = new Response('', { status: 503 });
    fireEvent.input(valueInput(), { target: { value: '96' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(INDICADOR_MESSAGES.insertError)).not.toBeNull();
    expect(valueInput().value).toBe('96');
  });
});

describe('/indicador/glicose/historico', { timeout: 20_000 }, () => {
  it('shows the empty message', async () => {
    open('/indicador/glicose/historico');
    expect(await screen.findByText(INDICADOR_MESSAGES.vazio)).not.toBeNull();
  });

  it('labels each row with its band, with and without diabetes', async () => {
    const rows = [reading({ id: 2, value: 190 }), reading({ id: 1, value: 65, time_of_day: 4 })];
    open('/indicador/glicose/historico', { glicose: rows });
    const table = await screen.findByRole('table');
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => r.textContent)).toEqual([
      '02/05/2026 07:30190Risco de diabetesCaféEditar',
      // Below 70 mg/dL: what the server stores ('abaixo'), never 'Normal'.
      '02/05/2026 07:3065Abaixo do normalApós as 22 HorasEditar',
    ]);
    expect(body[0]?.getAttribute('data-tom')).toBe('vermelho');
    expect(body[1]?.getAttribute('data-tom')).toBe('azul');
    // The legend gives the same ranges as the rows' labels.
    expect(screen.getAllByText(/20–69 mg\/dL/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/70–99 mg\/dL/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/60–99 mg\/dL/)).toBeNull();
    expect(screen.getByRole('img', { name: /Histórico de glicose: 2 medições/ })).not.toBeNull();
  });

  it('uses the diabetes bands when Diabetes is declared', async () => {
    open('/indicador/glicose/historico', { glicose: [reading({ value: 190 })], diabetes: true });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Acima da meta')).not.toBeNull();
  });

  it("loads more with 'Carregar mais' while there are more readings than loaded", async () => {
    const many = Array.from({ length: 35 }, (_, i) => reading({ id: 100 - i, value: 80 + i }));
    const api = open('/indicador/glicose/historico', { glicose: many });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(36));
    expect(api.calls.some((c) => c.url === '/api/home/glicose?offset=30&limit=30')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('edits a row with PATCH and shows a 409 under the period', async () => {
    let answer = jsonResponse({ message: GLICOSE_MESSAGES.conflito }, 409);
    const api = open('/indicador/glicose/historico', { glicose: [reading()], onSave: () => answer });
    fireEvent.click(await screen.findByRole('button', { name: /^Editar 110 mg\/dL/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar medição de glicose' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Período/ }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect((await within(dialog).findAllByText(GLICOSE_MESSAGES.conflito)).length).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/home/glicose/1',
      body: { index: 2, value: '110', data_afericao: '2026-05-02', time_afericao: '07:30' },
    });

    answer = jsonResponse(
      { message: INDICADOR_MESSAGES.updated, acao: 'atualizado', glicose: reading({ time_of_day: 2 }) },
      200,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText(INDICADOR_MESSAGES.updated)).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
