import { PERMISSOES_MESSAGES, TERCEIRO_NOTE } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullView, guestView, maria, timelineItem } from './test/fixtures.ts';
import { closePage, jsonResponse, openPage, stubFetch } from './test/page-harness.tsx';

afterEach(closePage);

/** Clicks a tab (a link the script takes over) and answers the panel. */
function showTab(name: string) {
  fireEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

/** The `<dd>` of a label in `scope`. */
function shownValue(scope: HTMLElement, label: string) {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('the tabs', () => {
  it('are links the server answers, switched in place with the address kept in step', async () => {
    await openPage(guestView(maria));
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Emergência', '?'],
      ['Minha saúde', '?aba=saude'],
      ['Linha do tempo', '?aba=timeline'],
    ]);
    expect(screen.getByRole('tablist', { name: 'Dados do paciente' })).not.toBeNull();
    showTab('Minha saúde');
    expect(window.location.search).toBe('?aba=saude');
    expect(screen.getByRole('tab', { name: 'Minha saúde' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('aba-saude');
    showTab('Emergência');
    expect(window.location.search).toBe('');
  });

  it('move with the arrow keys, Home and End, wrapping around', async () => {
    await openPage(guestView(maria));
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Minha saúde' }));
    expect(screen.getByRole('tab', { name: 'Minha saúde' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Emergência' }).getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(list, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Linha do tempo' }));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Emergência' }));
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Linha do tempo' }));
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Emergência' }).getAttribute('aria-selected')).toBe('true');
  });

  it('open on the tab the address names, its code loaded before the page is taken over', async () => {
    await openPage(fullView([timelineItem(7)]), { search: '?aba=timeline' });
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('button', { name: /Registro 7/ })).not.toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /Registro 7/ }));
    expect(screen.getByRole('dialog', { name: 'Consulta' })).not.toBeNull();
  });
});

describe("the 'Minha saúde' tab", () => {
  it('shows health, hospital and other information and the checked diseases when allowed', async () => {
    await openPage(fullView());
    const panel = showTab('Minha saúde');
    expect(await within(panel).findByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
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
    const doencas = within(panel).getByRole('region', { name: 'Doenças' });
    expect(
      within(doencas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Diabetes', 'Asma']);
    const outras = within(panel).getByRole('region', { name: 'Outras informações' });
    expect(shownValue(outras, 'Informações adicionais')).toBe('Uso lentes de contato');
  });

  it("reads 'Não informado' for an empty hospital card and 'Nenhuma informada' without diseases", async () => {
    const view = fullView();
    view.user = { ...view.user, doencas: [] };
    delete view.user.hospitalar;
    await openPage(view);
    const panel = showTab('Minha saúde');
    const hospitalar = await within(panel).findByRole('region', { name: 'Informações hospitalares' });
    expect(shownValue(hospitalar, 'Convênio / empresa')).toBe('Não informado');
    expect(
      within(within(panel).getByRole('region', { name: 'Doenças' })).getByText('Nenhuma informada'),
    ).not.toBeNull();
  });

  it("tells a guest it is not allowed and offers 'Entrar', without any of the data", async () => {
    await openPage(guestView(maria));
    const panel = showTab('Minha saúde');
    expect(within(panel).getByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    expect(within(panel).queryByText('Alergias')).toBeNull();
  });

  it('tells a signed-in viewer it is not allowed, with no sign-in hint', async () => {
    stubFetch(jsonResponse(guestView(maria)));
    await openPage(guestView(maria), { token: 't0k3n' });
    const panel = showTab('Minha saúde');
    expect(await within(panel).findByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Entrar' })).toBeNull();
  });
});

describe("the 'Linha do tempo' tab", () => {
  const long = 'Consulta de rotina com aferição de pressão arterial e ajuste da dose de losartana.';

  it('lists the records newest first with type, date, a 50-character preview and the author', async () => {
    await openPage(
      fullView([
        timelineItem(9, { descricao: long, created_by: 'M', terceiro: { name: 'Paula Lima' } }),
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
    const rows = await within(panel).findAllByRole('button', { name: /Consulta|Vacina/ });
    expect(rows).toHaveLength(2);
    const preview = 'Consulta de rotina com aferição de pressão arteria…';
    expect(rows[0]?.textContent).toBe(`Consulta10/03/2025${preview}Por. Dr. Paula Lima`);
    // A third party's record is marked as such: its author is not a doctor (docs/timeline-privacy.md).
    expect(rows[1]?.textContent).toBe(`Vacina02/11/2024GripePor. Ana${TERCEIRO_NOTE}`);
    expect(within(panel).getByText('2 registros')).not.toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('opens a dialog with the whole record and closes it', async () => {
    await openPage(
      fullView([
        timelineItem(9, {
          descricao: long,
          valor: '1500.5',
          medico_name: 'Dra. Paula Lima',
          created_by: 'M',
          terceiro: { name: 'Paula Lima' },
        }),
      ]),
    );
    const panel = showTab('Linha do tempo');
    fireEvent.click(await within(panel).findByRole('button', { name: /Consulta/ }));
    const dialog = screen.getByRole('dialog', { name: 'Consulta' });
    expect(shownValue(dialog, 'Descrição')).toBe(long);
    expect(shownValue(dialog, 'Data')).toBe('10/03/2025');
    expect(shownValue(dialog, 'Valor')?.replace(/\s/g, ' ')).toBe('R$ 1.500,50');
    expect(shownValue(dialog, 'Médico')).toBe('Dra. Paula Lima');
    expect(within(dialog).getByText('Por. Dr. Paula Lima')).not.toBeNull();
    expect(within(dialog).queryByText('Local da dor')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows where and how much it hurt in a pain record, without the zero value', async () => {
    await openPage(
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
    fireEvent.click(
      await within(showTab('Linha do tempo')).findByRole('button', { name: /Registro de Dor/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Registro de Dor' });
    expect(shownValue(dialog, 'Local da dor')).toBe('Joelho direito');
    expect(shownValue(dialog, 'Intensidade da dor')).toBe('7');
    expect(shownValue(dialog, 'Descrição')).toBe('Não informado');
    expect(within(dialog).queryByText('Valor')).toBeNull();
  });

  it("loads the next page with 'Carregar mais' while fewer than total are shown", async () => {
    const first = Array.from({ length: 20 }, (_, i) => timelineItem(100 - i));
    const fetchMock = stubFetch(
      // The first item again (a record added meanwhile shifted the offsets) and the last one.
      jsonResponse({ timelineItems: [timelineItem(81), timelineItem(50)], total: 22 }),
    );
    await openPage(fullView(first, 21));
    const panel = showTab('Linha do tempo');
    expect(await within(panel).findByText('20 de 21 registros')).not.toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Carregar mais' }));
    expect(await within(panel).findByText('Registro 50')).not.toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/code/123AB456/timeline/20');
    expect(within(panel).getAllByText('Registro 81')).toHaveLength(1);
    expect(within(panel).getByText('21 de 22 registros')).not.toBeNull();
    // Kept when the tab is left and opened again.
    showTab('Emergência');
    expect(within(showTab('Linha do tempo')).getByText('Registro 50')).not.toBeNull();
  });

  it('shows the permission message, and no record, when the next page is refused (403)', async () => {
    stubFetch(jsonResponse({ message: PERMISSOES_MESSAGES.denied }, 403));
    await openPage(fullView([timelineItem(2)], 5));
    const panel = showTab('Linha do tempo');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Carregar mais' }));
    expect(await within(panel).findByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).queryByText('Registro 2')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    // The other tabs stay as they were.
    expect(await within(showTab('Minha saúde')).findByText('Penicilina', { selector: 'dd' })).not.toBeNull();
  });

  it('keeps the list and shows the message when the next page fails otherwise', async () => {
    stubFetch(jsonResponse({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' }, 429));
    await openPage(fullView([timelineItem(2)], 5));
    const panel = showTab('Linha do tempo');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Carregar mais' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    expect(within(panel).getByText('Registro 2')).not.toBeNull();
  });

  it("reads 'Nenhum registro.' when allowed and empty, the permission message when not", async () => {
    await openPage(fullView([], 0));
    expect(await within(showTab('Linha do tempo')).findByText('Nenhum registro.')).not.toBeNull();
    closePage();
    await openPage({ ...fullView(), acesso: { ...fullView().acesso, timeline: false } });
    const panel = showTab('Linha do tempo');
    expect(within(panel).getByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    expect(within(panel).queryByText('Nenhum registro.')).toBeNull();
  });
});

describe('a signed-in viewer', () => {
  it('sees the guest page at once, then what they may read, asked once with the token', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    await openPage(guestView(maria), { token: 't0k3n' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/code/123AB456');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer t0k3n');
    // While the viewer's answer is on its way: no permission message yet, a loading state.
    const panel = showTab('Minha saúde');
    expect(within(panel).getByRole('status', { name: 'Carregando informações de saúde' })).not.toBeNull();
    expect(within(panel).queryByText(PERMISSOES_MESSAGES.denied)).toBeNull();
    answer(jsonResponse(fullView()));
    expect(await within(panel).findByText('Penicilina', { selector: 'dd' })).not.toBeNull();
    showTab('Emergência');
    expect(screen.getByRole('alert', { name: 'Alergias, medicamentos e doenças' })).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opened on a tab the guest may not read, sees it once their answer grants it', async () => {
    stubFetch(jsonResponse(fullView([timelineItem(3)])));
    await openPage(guestView(maria), { token: 't0k3n', search: '?aba=timeline' });
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('button', { name: /Registro 3/ })).not.toBeNull();
    expect(within(panel).queryByText(PERMISSOES_MESSAGES.denied)).toBeNull();
  });

  it('keeps the emergency data when that answer fails, and offers a retry in the tab', async () => {
    stubFetch(
      jsonResponse({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' }, 429),
      jsonResponse(fullView()),
    );
    await openPage(guestView(maria), { token: 't0k3n' });
    const panel = showTab('Minha saúde');
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    showTab('Emergência');
    expect(screen.getByText('Tipo sanguíneo').parentElement?.textContent).toBe('Tipo sanguíneoO+');
    fireEvent.click(within(showTab('Minha saúde')).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Penicilina', { selector: 'dd' })).not.toBeNull();
  });

  it('is told when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await openPage(guestView(maria), { token: 't0k3n' });
    const panel = showTab('Linha do tempo');
    await waitFor(() =>
      expect(within(panel).getByRole('alert').textContent).toBe(
        'Não foi possível conectar ao Pulso. Verifique sua internet e tente novamente.',
      ),
    );
  });

  it('is not asked again for a guest, nor when the page already grants every tab', async () => {
    const fetchMock = stubFetch();
    await openPage(guestView(maria));
    expect(within(showTab('Minha saúde')).getByText(PERMISSOES_MESSAGES.denied)).not.toBeNull();
    closePage();
    vi.stubGlobal('fetch', fetchMock);
    await openPage(fullView(), { token: 't0k3n' });
    expect(screen.getByRole('alert', { name: 'Alergias, medicamentos e doenças' })).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
