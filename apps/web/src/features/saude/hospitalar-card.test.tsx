import type { HospitalarView, MedicoOption, UserHealthView } from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { makeUserHealthView } from '../../test/users.ts';
import {
  MEDICO_SEARCH_DEBOUNCE_MS,
  shouldSearchMedico,
} from '../../ui/medico-autocomplete/search-medicos.ts';
import { HOSPITALAR_SAVE_DELAY_MS } from './api/update-hospitalar.ts';
import { FROM_DOCTOR_RECORD } from './hospitalar-card.tsx';
import SaudePage from './saude-page.tsx';

const JOSE: MedicoOption = {
  id: 42,
  name: 'José Ricardo Albuquerque',
  especialidade: 'Ortopedia e Traumatologia',
  crms: [{ numero: '21457', uf: 'PE' }],
};
const JOANA: MedicoOption = { id: 7, name: 'Joana Prado', especialidade: null, crms: [] };

const EMPTY_HOSPITALAR: HospitalarView = {
  convenio_empresa: 'Unimed',
  convenio_numero: '123',
  hospital: null,
  medico_id: null,
  medico_name: null,
  medico_crm: null,
  medico_especialidade: null,
};

function makeUser(hospitalar: HospitalarView = EMPTY_HOSPITALAR): UserHealthView {
  return makeUserHealthView({ hospitalar });
}

type Call = { url: string; method: string; body: unknown; at: number };

/**
 * A fake API: GET /saude answers `user`; searches answer `found` (or fail
 * when `found` is 'error'); PUT /hospitalar answers `put` or echoes the body
 * as the server would store it.
 */
function fakeApi(
  user: UserHealthView,
  found: MedicoOption[] | 'error' = [JOSE, JOANA],
  put?: { status: number; body: unknown },
) {
  const calls: Call[] = [];
  let current = user;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body, at: Date.now() });
      if (url === '/api/saude' && method === 'GET') {
        return jsonResponse({ user: current, especialidades: [], doencas: [] });
      }
      if (url.startsWith('/api/medicos/search/')) {
        return found === 'error'
          ? jsonResponse({ message: 'Erro interno' }, 500)
          : jsonResponse({ medicos: found });
      }
      if (url === '/api/hospitalar' && method === 'PUT') {
        if (put) return jsonResponse(put.body, put.status);
        current = { ...current, hospitalar: body };
        return jsonResponse({ user: current, message: 'Salvo com sucesso' });
      }
      return jsonResponse({ message: 'não encontrado' }, 404);
    }),
  );
  return { calls };
}

const searches = (calls: Call[]) =>
  calls.filter((c) => c.url.startsWith('/api/medicos/search/')).map((c) => c.url);
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
const pause = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

async function openCard() {
  renderRoutes([{ path: '/saude', element: <SaudePage /> }], '/saude');
  const card = await screen.findByRole('region', { name: 'Informações hospitalares' });
  fireEvent.click(within(card).getByRole('button', { name: /^Editar/ }));
  const medico = within(card).getByRole('combobox', { name: 'Médico' }) as HTMLInputElement;
  const crm = within(card).getByLabelText('CRM do médico') as HTMLInputElement;
  const especialidade = within(card).getByLabelText('Especialidade do médico') as HTMLInputElement;
  return { card, medico, crm, especialidade };
}

function press(input: HTMLElement, code: string) {
  fireEvent.keyDown(input, { key: code, code });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shouldSearchMedico (docs/health-record.md "Choosing a doctor")', () => {
  it('asks for more than one character and a text other than the chosen doctor', () => {
    expect(shouldSearchMedico('', null)).toBe(false);
    expect(shouldSearchMedico(' j ', null)).toBe(false);
    expect(shouldSearchMedico('jo', null)).toBe(true);
    expect(shouldSearchMedico('José Ricardo Albuquerque', 'José Ricardo Albuquerque')).toBe(false);
    expect(shouldSearchMedico('José Ricardo', 'José Ricardo Albuquerque')).toBe(true);
  });
});

describe('the doctor autocomplete of Informações hospitalares', () => {
  it('searches only past one character, shows name, CRM and specialty, and is chosen with the keyboard', async () => {
    const { calls } = fakeApi(makeUser());
    const { card, medico, crm, especialidade } = await openCard();
    expect(medico.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(medico, { target: { value: 'j' } });
    await pause(MEDICO_SEARCH_DEBOUNCE_MS + 100);
    expect(searches(calls)).toEqual([]);

    fireEvent.change(medico, { target: { value: 'jos' } });
    await waitFor(() => expect(searches(calls)).toEqual(['/api/medicos/search/jos']));
    const option = await screen.findByRole('option', { name: /José Ricardo Albuquerque/ });
    expect(option.textContent).toContain('CRM/PE 21457 · Ortopedia e Traumatologia');
    expect(screen.getByRole('option', { name: /Joana Prado/ })).not.toBeNull();
    expect(screen.getByRole('listbox', { name: 'Médico' })).not.toBeNull();
    expect(medico.getAttribute('aria-expanded')).toBe('true');

    press(medico, 'ArrowDown');
    await waitFor(() => expect(medico.getAttribute('aria-activedescendant')).toBe(option.id));
    press(medico, 'Enter');

    await waitFor(() => expect(medico.value).toBe('José Ricardo Albuquerque'));
    expect(crm.value).toBe('CRM/PE 21457');
    expect(especialidade.value).toBe('Ortopedia e Traumatologia');
    expect(crm.disabled).toBe(true);
    expect(especialidade.disabled).toBe(true);
    expect(within(card).getAllByText(FROM_DOCTOR_RECORD)).toHaveLength(2);
    expect(within(card).getByText('Médico cadastrado no Pulso')).not.toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();

    // The chosen doctor's own name never searches again.
    await pause(MEDICO_SEARCH_DEBOUNCE_MS + 100);
    expect(searches(calls)).toHaveLength(1);

    const clickedAt = Date.now();
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    });
    expect(await screen.findByText('Salvo com sucesso')).not.toBeNull();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]!.at - clickedAt).toBeGreaterThanOrEqual(HOSPITALAR_SAVE_DELAY_MS - 5);
    expect(puts(calls)[0]!.body).toEqual({
      convenio_empresa: 'Unimed',
      convenio_numero: '123',
      hospital: null,
      medico_id: 42,
      medico_name: 'José Ricardo Albuquerque',
      medico_crm: 'CRM/PE 21457',
      medico_especialidade: 'Ortopedia e Traumatologia',
    });
    expect(await within(card).findByText('CRM/PE 21457')).not.toBeNull();
    expect(within(card).getByText('José Ricardo Albuquerque')).not.toBeNull();
  });

  it('goes back to free text, CRM and specialty enabled and emptied, when another name is typed', async () => {
    const { calls } = fakeApi(
      makeUser({
        ...EMPTY_HOSPITALAR,
        medico_id: 42,
        medico_name: JOSE.name,
        medico_crm: 'CRM/PE 21457',
        medico_especialidade: 'Ortopedia e Traumatologia',
      }),
      [],
    );
    const { card, medico, crm, especialidade } = await openCard();
    // Opening a saved registered doctor: fields from the record, disabled, and no search.
    expect(medico.value).toBe(JOSE.name);
    expect(crm.disabled).toBe(true);
    expect(especialidade.disabled).toBe(true);
    await pause(MEDICO_SEARCH_DEBOUNCE_MS + 100);
    expect(searches(calls)).toEqual([]);

    fireEvent.change(medico, { target: { value: 'Dra. Paula Lima' } });
    await waitFor(() => expect(crm.disabled).toBe(false));
    expect(especialidade.disabled).toBe(false);
    expect(crm.value).toBe('');
    expect(especialidade.value).toBe('');
    expect(within(card).queryByText(FROM_DOCTOR_RECORD)).toBeNull();
    fireEvent.change(crm, { target: { value: '123456/SP' } });

    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    });
    await screen.findByText('Salvo com sucesso');
    expect(puts(calls)[0]!.body).toMatchObject({
      medico_id: null,
      medico_name: 'Dra. Paula Lima',
      medico_crm: '123456/SP',
      medico_especialidade: null,
    });
  });

  it("says 'Nenhum médico encontrado' when the search finds nobody, and keeps the typed name", async () => {
    const { calls } = fakeApi(makeUser(), []);
    const { card, medico, crm } = await openCard();
    fireEvent.change(medico, { target: { value: 'Zuleica' } });
    expect(await screen.findByText('Nenhum médico encontrado')).not.toBeNull();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(crm.disabled).toBe(false);
    press(medico, 'Escape');
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    });
    await screen.findByText('Salvo com sucesso');
    expect(puts(calls)[0]!.body).toMatchObject({ medico_id: null, medico_name: 'Zuleica' });
  });

  it('tells the patient when the search fails and lets them type the name', async () => {
    fakeApi(makeUser(), 'error');
    const { medico, crm } = await openCard();
    fireEvent.change(medico, { target: { value: 'Jo' } });
    expect(await screen.findByText(/Não foi possível buscar médicos agora/)).not.toBeNull();
    expect(crm.disabled).toBe(false);
  });

  it('shows the server refusing the chosen doctor under the doctor field', async () => {
    const message = 'Escolha um médico da lista ou apague a escolha e digite o nome';
    fakeApi(makeUser(), [JOSE], { status: 422, body: { message, errors: { medico_id: [message] } } });
    const { card, medico } = await openCard();
    fireEvent.change(medico, { target: { value: 'José' } });
    fireEvent.click(await screen.findByRole('option', { name: /José Ricardo Albuquerque/ }));
    await waitFor(() => expect(medico.value).toBe(JOSE.name));
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    await waitFor(() => expect(medico.getAttribute('aria-invalid')).toBe('true'));
    expect(within(card).getByText(message, { selector: '.mantine-InputWrapper-error' })).not.toBeNull();
  });

  it('Cancelar brings back the saved free-text doctor after a choice', async () => {
    const { calls } = fakeApi(makeUser({ ...EMPTY_HOSPITALAR, medico_name: 'Dr. Caio', medico_crm: '1/SP' }));
    const { card, medico } = await openCard();
    fireEvent.change(medico, { target: { value: 'Jos' } });
    fireEvent.click(await screen.findByRole('option', { name: /José Ricardo Albuquerque/ }));
    await waitFor(() => expect(medico.value).toBe(JOSE.name));
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(within(card).getByText('Dr. Caio')).not.toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: /^Editar/ }));
    const crm = within(card).getByLabelText('CRM do médico') as HTMLInputElement;
    expect(crm.value).toBe('1/SP');
    expect(crm.disabled).toBe(false);
    expect(puts(calls)).toHaveLength(0);
  });
});
