import type { UserHealthView } from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { makeUserHealthView } from '../../test/users.ts';
import { HOSPITALAR_SAVE_DELAY_MS } from './api/update-hospitalar.ts';
import SaudePage from './saude-page.tsx';

/** A valid provisional CNS (weighted sum 15..1 is a multiple of 11). */
const SUS = '700000000000005';

function makeUser(overrides: Partial<UserHealthView> = {}): UserHealthView {
  return makeUserHealthView({
    outras: { doador: 'S', adicional: null },
    saude: {
      alergias: 'Dipirona',
      problemas: null,
      medicamentos: null,
      tratamento: null,
      protese: null,
      sus: null,
    },
    hospitalar: {
      convenio_empresa: 'Unimed',
      convenio_numero: '123',
      hospital: null,
      medico_id: null,
      medico_name: null,
      medico_crm: null,
      medico_especialidade: null,
    },
    ...overrides,
  });
}

type Call = { url: string; method: string; body: unknown; at: number };

/** A fake API: GET /saude answers `user`; PUTs echo their body into its section. */
function fakeApi(user: UserHealthView) {
  const calls: Call[] = [];
  let current = user;
  let doencas = [
    { id: 1, nome: 'Hipertensão arterial', checked: true },
    { id: 2, nome: 'Diabetes', checked: false },
    { id: 3, nome: 'Asma', checked: false },
  ];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body, at: Date.now() });
    if (url === '/api/saude' && method === 'GET') {
      return jsonResponse({ user: current, especialidades: [], doencas });
    }
    if (url === '/api/doencas' && method === 'PUT') {
      const marks = (body as { doencas: { id: number; checked: boolean }[] }).doencas;
      doencas = doencas.map((d) => ({
        ...d,
        checked: marks.find((m) => m.id === d.id)?.checked ?? d.checked,
      }));
      return jsonResponse({ doencas, message: 'Salvo com sucesso' });
    }
    const section = /^\/api\/(saude|hospitalar|outras)$/.exec(url)?.[1];
    if (method === 'PUT' && section) {
      current = { ...current, [section]: body } as UserHealthView;
      return jsonResponse({ user: current, message: 'Salvo com sucesso' });
    }
    return jsonResponse({ message: 'não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function renderSaude() {
  return renderRoutes([{ path: '/saude', element: <SaudePage /> }], '/saude');
}

async function openCard(name: string) {
  const card = await screen.findByRole('region', { name });
  fireEvent.click(within(card).getByRole('button', { name: /^Editar/ }));
  return card;
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/saude view mode', () => {
  it('shows the cards with their values, the SUS number masked, and the marked diseases', async () => {
    fakeApi(makeUser({ saude: { ...makeUser().saude, sus: SUS } }));
    renderSaude();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Minha saúde');
    const saude = screen.getByRole('region', { name: 'Informações de saúde' });
    expect(within(saude).getByText('Dipirona')).not.toBeNull();
    expect(within(saude).getByText('700 0000 0000 0005')).not.toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Informações hospitalares' })).getByText('Unimed'),
    ).not.toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Outras informações' })).getByText('Sim'),
    ).not.toBeNull();
    const doencas = screen.getByRole('region', { name: 'Doenças' });
    expect(within(doencas).getByRole('list', { name: 'Doenças marcadas' }).textContent).toBe(
      'Hipertensão arterial',
    );
  });
});

describe('Doenças', () => {
  it("marks 'Diabetes' and saves the whole checklist", async () => {
    const { calls } = fakeApi(makeUser());
    renderSaude();
    const card = await openCard('Doenças');
    const form = within(card).getByRole('form', { name: 'Editar doenças' });
    expect(within(form).getByRole('group', { name: 'Marque as doenças que você tem' })).not.toBeNull();
    expect((within(form).getByLabelText('Hipertensão arterial') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByLabelText('Diabetes'));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    });
    expect(await screen.findByText('Salvo com sucesso')).not.toBeNull();
    expect(puts(calls)).toEqual([
      expect.objectContaining({
        url: '/api/doencas',
        body: {
          doencas: [
            { id: 1, checked: true },
            { id: 2, checked: true },
            { id: 3, checked: false },
          ],
        },
      }),
    ]);
    expect((await within(card).findByRole('list', { name: 'Doenças marcadas' })).textContent).toBe(
      'Hipertensão arterialDiabetes',
    );
  });

  it("says 'Nenhuma doença marcada.' when none is, and 'Cancelar' keeps the saved marks", async () => {
    const { calls } = fakeApi(makeUser());
    renderSaude();
    const card = await openCard('Doenças');
    fireEvent.click(within(card).getByLabelText('Hipertensão arterial'));
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(await within(card).findByText('Hipertensão arterial')).not.toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: /^Editar/ }));
    fireEvent.click(within(card).getByLabelText('Hipertensão arterial'));
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    });
    expect(await within(card).findByText('Nenhuma doença marcada.')).not.toBeNull();
    expect(puts(calls)).toHaveLength(1);
  });
});

describe('Informações de saúde', () => {
  it('sends the SUS number as digits and shows it masked after saving', async () => {
    const { calls } = fakeApi(makeUser());
    renderSaude();
    const card = await openCard('Informações de saúde');
    const sus = within(card).getByLabelText(/Cartão Nacional de Saúde/) as HTMLInputElement;
    fireEvent.input(sus, { target: { value: SUS } });
    await waitFor(() => expect(sus.value).toBe('700 0000 0000 0005'));
    fireEvent.change(within(card).getByLabelText('Medicamentos em uso'), {
      target: { value: 'Losartana 50 mg' },
    });
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    });
    expect(await screen.findByText('Salvo com sucesso')).not.toBeNull();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]).toMatchObject({
      url: '/api/saude',
      body: { sus: SUS, medicamentos: 'Losartana 50 mg', alergias: 'Dipirona', problemas: null },
    });
    expect(await within(card).findByText('700 0000 0000 0005')).not.toBeNull();
    expect(within(card).getByText('Losartana 50 mg')).not.toBeNull();
  });

  it('keeps what was typed and shows a 422 under the field', async () => {
    fakeApi(makeUser());
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/saude' && init?.method === 'PUT'
        ? jsonResponse(
            {
              message: 'Informe um número do SUS válido',
              errors: { sus: ['Informe um número do SUS válido'] },
            },
            422,
          )
        : (original as typeof fetch)(input, init),
    );
    renderSaude();
    const card = await openCard('Informações de saúde');
    const sus = within(card).getByLabelText(/Cartão Nacional de Saúde/) as HTMLInputElement;
    fireEvent.input(sus, { target: { value: SUS } });
    await waitFor(() => expect(sus.value).toBe('700 0000 0000 0005'));
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Informe um número do SUS válido');
    await waitFor(() => expect(sus.getAttribute('aria-invalid')).toBe('true'));
    expect(within(card).getByText('Informe um número do SUS válido')).not.toBeNull();
    expect(sus.value).toBe('700 0000 0000 0005');
  });

  it('rejects an invalid SUS number without sending', async () => {
    const { calls } = fakeApi(makeUser());
    renderSaude();
    const card = await openCard('Informações de saúde');
    fireEvent.input(within(card).getByLabelText(/Cartão Nacional de Saúde/), {
      target: { value: '123456789012345' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByText('Informe um número do SUS válido')).not.toBeNull();
    expect(puts(calls)).toHaveLength(0);
  });
});

describe('Cancelar', () => {
  it('restores the saved values and sends nothing', async () => {
    const { calls } = fakeApi(makeUser());
    renderSaude();
    let card = await openCard('Informações hospitalares');
    fireEvent.change(within(card).getByLabelText('Convênio / empresa'), { target: { value: 'Amil' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(within(card).getByText('Unimed')).not.toBeNull();
    expect(within(card).queryByText('Amil')).toBeNull();
    card = await openCard('Informações hospitalares');
    expect((within(card).getByLabelText('Convênio / empresa') as HTMLInputElement).value).toBe('Unimed');
    expect(puts(calls)).toHaveLength(0);
  });
});

describe('Informações hospitalares', () => {
  it('sends the doctor as free text with medico_id null, after the 100 ms delay', async () => {
    const { calls } = fakeApi(makeUser());
    renderSaude();
    const card = await openCard('Informações hospitalares');
    fireEvent.change(within(card).getByRole('combobox', { name: 'Médico' }), {
      target: { value: 'Dra. Paula Lima' },
    });
    fireEvent.change(within(card).getByLabelText('CRM do médico'), { target: { value: '123456/SP' } });
    const clickedAt = Date.now();
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Salvo com sucesso')).not.toBeNull();
    expect(puts(calls)[0]!.at - clickedAt).toBeGreaterThanOrEqual(HOSPITALAR_SAVE_DELAY_MS - 5);
    expect(puts(calls)[0]).toMatchObject({
      url: '/api/hospitalar',
      body: {
        medico_id: null,
        medico_name: 'Dra. Paula Lima',
        medico_crm: '123456/SP',
        convenio_numero: '123',
      },
    });
  });

  it('shows the digits-only message for a convênio number with letters', async () => {
    const { calls } = fakeApi(makeUser());
    renderSaude();
    const card = await openCard('Informações hospitalares');
    fireEvent.change(within(card).getByLabelText(/Número do convênio/), { target: { value: '12A' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByText('O número do convênio deve ter apenas números')).not.toBeNull();
    expect(puts(calls)).toHaveLength(0);
  });
});
