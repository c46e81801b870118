import { PERMISSOES_MESSAGES, type PublicCodeView, TERCEIRO_NOTE } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../app/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { embed, fullView, guestView, maria, mariaSaude, stubFetch, timelineItem } from './code-fixtures.ts';
import CodePage from './code-page.tsx';

const routes = [
  { path: '/code/:code', element: <CodePage /> },
  { path: '/login', element: <h1>Entrar</h1> },
];

afterEach(() => vi.unstubAllGlobals());

/** Opens /code/123AB456 with this answer and waits for the Emergency tab. */
async function open(view: PublicCodeView) {
  const fetchMock = stubFetch(jsonResponse(view));
  const rendered = renderRoutes(routes, '/code/123AB456');
  await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
  return { ...rendered, fetchMock };
}

function showTab(name: 'Emergência' | 'Minha saúde' | 'Linha do tempo') {
  fireEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

/** The `<dd>` of a label in `scope`. */
function shownValue(scope: HTMLElement, label: string) {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('the allergies and medications strip of the Emergency tab (issue 4)', () => {
  it('shows allergies and medications first, as an alert, when My Health is allowed', async () => {
    await open(fullView());
    const strip = screen.getByRole('alert', { name: 'Alergias e medicamentos' });
    expect(shownValue(strip, 'Alergias')).toBe('Penicilina');
    expect(shownValue(strip, 'Medicamentos')).toBe('Losartana 50 mg');
    // First in the tab, before the name and blood type.
    const panel = screen.getByRole('tabpanel');
    expect(panel.firstElementChild).toBe(strip);
  });

  it("reads 'Nenhuma informada' for empty allergies and medications", async () => {
    const view = fullView();
    view.user.saude = { ...mariaSaude.saude, alergias: null, medicamentos: ' ' };
    await open(view);
    const strip = screen.getByRole('alert', { name: 'Alergias e medicamentos' });
    expect(shownValue(strip, 'Alergias')).toBe('Nenhuma informada');
    expect(shownValue(strip, 'Medicamentos')).toBe('Nenhuma informada');
  });

  it('shows no strip at all when My Health is not allowed', async () => {
    await open(guestView(maria));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Alergias')).toBeNull();
    expect(screen.queryByText('Nenhuma informada')).toBeNull();
  });
});

describe("the 'Minha saúde' tab", () => {
  it('shows health, hospital and other information and the checked diseases when allowed', async () => {
    await open(fullView());
    const panel = showTab('Minha saúde');
    expect(within(panel).getByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    const saude = within(panel).getByRole('region', { name: 'Informações de saúde' });
    expect(shownValue(saude, 'Alergias')).toBe('Penicilina');
    expect(shownValue(saude, 'Problemas de saúde')).toBe('Hipertensão');
    expect(shownValue(saude, 'Medicamentos em uso')).toBe('Losartana 50 mg');
    expect(shownValue(saude, 'Tratamento em andamento')).toBe('Não informado');
    expect(shownValue(saude, 'Próteses')).toBe('Não informado');
    expect(shownValue(saude, 'Cartão Nacional de Saúde (SUS)')).toBe('700 0000 0000 0005');
    const hospitalar = within(panel).getByRole('region', { name: 'Informações hospitalares' });
    expect(shownValue(hospitalar, 'Convênio / empresa')).toBe('Unimed Paulistana');
    expect(shownValue(hospitalar, 'Número do convênio')).toBe('0012345678');
    expect(shownValue(hospitalar, 'Hospital de preferência')).toBe('Hospital das Clínicas');
    expect(shownValue(hospitalar, 'Médico')).toBe('Dra. Paula Lima');
    expect(shownValue(hospitalar, 'CRM do médico')).toBe('CRM/SP 123456');
    expect(shownValue(hospitalar, 'Especialidade do médico')).toBe('Cardiologia');
    const outras = within(panel).getByRole('region', { name: 'Outras informações' });
    expect(shownValue(outras, 'Informações adicionais')).toBe('Uso lentes de contato');
    const doencas = within(panel).getByRole('region', { name: 'Doenças' });
    expect(
      within(doencas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Diabetes', 'Asma']);
  });

  it("reads 'Não informado' for an empty hospital card and 'Nenhuma informada' without diseases", async () => {
    const view = fullView();
    view.user.hospitalar = {
      convenio_empresa: null,
      convenio_numero: null,
      hospital: null,
      medico_id: null,
      medico_name: null,
      medico_crm: null,
      medico_especialidade: null,
    };
    view.user.doencas = [];
    view.user.outras = { doador: null, adicional: null };
    await open(view);
    const panel = showTab('Minha saúde');
    const hospitalar = within(panel).getByRole('region', { name: 'Informações hospitalares' });
    expect(shownValue(hospitalar, 'Convênio / empresa')).toBe('Não informado');
    expect(shownValue(hospitalar, 'Médico')).toBe('Não informado');
    expect(within(panel).getByRole('region', { name: 'Doenças' }).textContent).toContain('Nenhuma informada');
    expect(
      shownValue(within(panel).getByRole('region', { name: 'Outras informações' }), 'Informações adicionais'),
    ).toBe('Não informado');
  });

  it("tells a guest it is not allowed and offers 'Entrar', without any of the data", async () => {
    await open(guestView(maria));
    const panel = showTab('Minha saúde');
    expect(within(panel).getByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    expect(within(panel).queryByText('Alergias')).toBeNull();
    expect(within(panel).queryByRole('region')).toBeNull();
  });

  it('tells a signed-in viewer it is not allowed, with no sign-in hint', async () => {
    setToken('t0k3n');
    await open(guestView(maria));
    const panel = showTab('Minha saúde');
    expect(within(panel).getByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Entrar' })).toBeNull();
  });
});

describe("the 'Linha do tempo' tab", () => {
  const long = 'Consulta de rotina com aferição de pressão arterial e ajuste da dose de losartana.';

  it('lists the records newest first with type, date, a 50-character preview and the author', async () => {
    await open(
      fullView([
        timelineItem(9, {
          tipo: 1,
          data: '2025-03-10',
          descricao: long,
          created_by: 'M',
          terceiro: { name: 'Paula Lima' },
        }),
        timelineItem(4, {
          tipo: 7,
          data: '2024-11-02',
          descricao: 'Gripe',
          created_by: 'T',
          terceiro: { name: 'Ana' },
        }),
      ]),
    );
    const panel = showTab('Linha do tempo');
    const rows = within(panel).getAllByRole('button', { name: /Consulta|Vacina/ });
    expect(rows).toHaveLength(2);
    const preview = 'Consulta de rotina com aferição de pressão arteria…';
    expect([...preview]).toHaveLength(51);
    expect(rows[0]?.textContent).toBe(`Consulta10/03/2025${preview}Por. Dr. Paula Lima`);
    // A third party's record is marked as such: its author is not a doctor (docs/timeline-privacy.md).
    expect(rows[1]?.textContent).toBe(`Vacina02/11/2024GripePor. Ana${TERCEIRO_NOTE}`);
    expect(rows[0]?.textContent).not.toContain(TERCEIRO_NOTE);
    expect(within(panel).getByText('2 registros')).not.toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('opens a dialog with the whole record and closes it', async () => {
    await open(
      fullView([
        timelineItem(9, {
          tipo: 1,
          descricao: long,
          valor: '1500.5',
          medico_name: 'Dra. Paula Lima',
          created_by: 'M',
          terceiro: { name: 'Paula Lima' },
        }),
      ]),
    );
    const panel = showTab('Linha do tempo');
    const row = within(panel).getByRole('button', { name: /Consulta/ });
    expect(row.getAttribute('type')).toBe('button');
    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Consulta' });
    expect(shownValue(dialog, 'Descrição')).toBe(long);
    expect(shownValue(dialog, 'Data')).toBe('10/03/2025');
    expect(shownValue(dialog, 'Valor')?.replace(/\s/g, ' ')).toBe('R$ 1.500,50');
    expect(shownValue(dialog, 'Médico')).toBe('Dra. Paula Lima');
    expect(within(dialog).getByText('Por. Dr. Paula Lima')).not.toBeNull();
    expect(within(dialog).queryByText('Local da dor')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows where and how much it hurt in a pain record, without the zero value', async () => {
    await open(
      fullView([
        timelineItem(5, {
          tipo: 8,
          descricao: '',
          valor: '0.00',
          local_dor: 'Joelho direito',
          intensidade_dor: '7',
        }),
      ]),
    );
    fireEvent.click(within(showTab('Linha do tempo')).getByRole('button', { name: /Registro de Dor/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Registro de Dor' });
    expect(shownValue(dialog, 'Local da dor')).toBe('Joelho direito');
    expect(shownValue(dialog, 'Intensidade da dor')).toBe('7');
    expect(shownValue(dialog, 'Descrição')).toBe('Não informado');
    expect(within(dialog).queryByText('Valor')).toBeNull();
  });

  it("loads the next page with 'Carregar mais' while fewer than total are shown", async () => {
    const first = Array.from({ length: 20 }, (_, i) => timelineItem(100 - i));
    const fetchMock = stubFetch(
      jsonResponse(fullView(first, 21)),
      // The first item again (a record added meanwhile shifted the offsets) and the last one.
      jsonResponse({ timelineItems: [timelineItem(81), timelineItem(50)], total: 22 }),
    );
    renderRoutes(routes, '/code/123AB456');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    const panel = showTab('Linha do tempo');
    expect(within(panel).getByText('20 de 21 registros')).not.toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Carregar mais' }));
    expect(await within(panel).findByText('Registro 50')).not.toBeNull();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/code/123AB456/timeline/20');
    expect(within(panel).getAllByText('Registro 81')).toHaveLength(1);
    expect(within(panel).getByText('21 de 22 registros')).not.toBeNull();
    // Kept when the tab is left and opened again.
    showTab('Emergência');
    expect(within(showTab('Linha do tempo')).getByText('Registro 50')).not.toBeNull();
  });

  it('shows the permission message, and no record, when the next page is refused (403)', async () => {
    stubFetch(
      jsonResponse(fullView([timelineItem(2)], 5)),
      jsonResponse({ message: PERMISSOES_MESSAGES.denied }, 403),
    );
    renderRoutes(routes, '/code/123AB456');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    const panel = showTab('Linha do tempo');
    fireEvent.click(within(panel).getByRole('button', { name: 'Carregar mais' }));
    expect(await within(panel).findByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).queryByText('Registro 2')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    // The other tabs stay as they were.
    expect(within(showTab('Minha saúde')).getByText('Penicilina')).not.toBeNull();
  });

  it('keeps the list and shows the message when the next page fails otherwise', async () => {
    stubFetch(
      jsonResponse(fullView([timelineItem(2)], 5)),
      jsonResponse({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' }, 429),
    );
    renderRoutes(routes, '/code/123AB456');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    const panel = showTab('Linha do tempo');
    fireEvent.click(within(panel).getByRole('button', { name: 'Carregar mais' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    expect(within(panel).getByText('Registro 2')).not.toBeNull();
  });

  it("reads 'Nenhum registro.' when allowed and empty", async () => {
    await open(fullView([], 0));
    const panel = showTab('Linha do tempo');
    expect(within(panel).getByText('Nenhum registro.')).not.toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('shows the permission message when not allowed', async () => {
    const view = fullView();
    view.acesso = { saude: true, timeline: false };
    delete view.timelineItems;
    delete view.total;
    await open(view);
    const panel = showTab('Linha do tempo');
    expect(within(panel).getByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).queryByText('Nenhum registro.')).toBeNull();
  });
});

describe('the embedded guest answer and a signed-in viewer', () => {
  it('shows the embedded Emergency tab at once and asks once more with the token', async () => {
    embed(guestView(maria));
    setToken('t0k3n');
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/code/123AB456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/code/123AB456');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer t0k3n');
    // While the viewer's answer is on its way: no permission message yet, a loading state.
    const panel = showTab('Minha saúde');
    expect(within(panel).getByRole('status', { name: 'Carregando informações de saúde' })).not.toBeNull();
    expect(within(panel).queryByText(PERMISSOES_MESSAGES.denied)).toBeNull();
    answer(jsonResponse(fullView()));
    expect(await within(panel).findByText('Penicilina')).not.toBeNull();
    showTab('Emergência');
    expect(screen.getByRole('alert', { name: 'Alergias e medicamentos' })).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the emergency data when that second answer fails, and offers a retry in the tab', async () => {
    embed(guestView(maria));
    setToken('t0k3n');
    stubFetch(
      jsonResponse({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' }, 429),
      jsonResponse(fullView()),
    );
    renderRoutes(routes, '/code/123AB456');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    const panel = showTab('Minha saúde');
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    showTab('Emergência');
    expect(screen.getByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    expect(screen.getByText('Tipo sanguíneo').parentElement?.textContent).toBe('Tipo sanguíneoO+');
    fireEvent.click(within(showTab('Minha saúde')).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Penicilina', { selector: 'dd' })).not.toBeNull();
  });

  it('does not ask again for a guest', async () => {
    embed(guestView(maria));
    const fetchMock = stubFetch();
    renderRoutes(routes, '/code/123AB456');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    expect(within(showTab('Minha saúde')).getByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not ask again when the embedded answer already grants every tab', async () => {
    embed(fullView());
    setToken('t0k3n');
    const fetchMock = stubFetch();
    renderRoutes(routes, '/code/123AB456');
    await screen.findByRole('heading', { level: 1, name: 'Maria da Silva' });
    expect(screen.getByRole('alert', { name: 'Alergias e medicamentos' })).not.toBeNull();
    expect(within(showTab('Minha saúde')).getByText('Penicilina', { selector: 'dd' })).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
