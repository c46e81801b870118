import {
  type AtendimentoView,
  TELEMEDICINA_MESSAGES as M,
  type MedicoView,
  type PagamentoPrevisto,
  pagamentoPrevistoText,
  RECUSA_MOTIVOS,
} from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { makeAtendimento, makeMedico, makeSuporte } from '../../test/telemedicina-fixtures.ts';
import { makeUserView } from '../../test/users.ts';
import MedicoPage from './medico-page.tsx';
import { AGUARDANDO_TEXT } from './profile/atendimentos-list.tsx';
import { readMotivoDraft } from './profile/motivo-draft.ts';

afterEach(() => vi.unstubAllGlobals());

/** Answers of the request and report calls, when a test wants other than success. */
interface Answers {
  solicitar?: Response;
  denunciar?: Response;
  /** What a request would use (default: one single-session credit). */
  previsto?: PagamentoPrevisto;
}

const ONE_CREDIT: PagamentoPrevisto = { forma: 'credito', plano_restantes: 0, creditos: 1 };
const NOTHING: PagamentoPrevisto = { forma: null, plano_restantes: 0, creditos: 0 };

/** A fake profile API around `medico` and the caller's `atendimentos`; a request adds a P session. */
function profileApi(medico: MedicoView, atendimentos: AtendimentoView[], answers: Answers = {}) {
  let sessions = atendimentos;
  return stubApi(({ url, method, body }) => {
    if (url === `/api/telemedicina/medico/${medico.id}` && method === 'GET')
      return jsonResponse({
        user: makeUserView(),
        medico,
        atendimentos: sessions,
        pagamento_previsto: medico.suporte
          ? { ...NOTHING, forma: 'suporte' }
          : (answers.previsto ?? ONE_CREDIT),
      });
    if (url === `/api/telemedicina/atendimento/medico/${medico.id}` && method === 'POST') {
      if (answers.solicitar) return answers.solicitar;
      const b = body as { motivo: string; pass: string | null };
      const atendimento = makeAtendimento(
        99,
        { status: 'P', motivo: b.motivo, pass: b.pass !== null, created_at: '2026-03-12T12:00:00.000Z' },
        medico,
      );
      sessions = [atendimento, ...sessions];
      return jsonResponse({ atendimento, message: M.requested }, 201);
    }
    if (url === `/api/denunciar/medico/${medico.id}` && method === 'POST')
      return answers.denunciar ?? jsonResponse({ message: M.reported }, 201);
    return undefined;
  });
}

/** Stands for a purchase page: it pays and goes back to `state.from`, as the real ones do. */
function FakePurchase() {
  const { state } = useLocation();
  const from = (state as { from: string } | null)?.from ?? '/nowhere';
  return (
    <>
      <h1>Pagamento</h1>
      <Link to={from}>Pagar</Link>
    </>
  );
}

function renderProfile(id: number | string) {
  return renderRoutes(
    [
      { path: '/telemedicina/medico/:id', element: <MedicoPage /> },
      { path: '/telemedicina/atendimento/:id', element: <h1>Chat</h1> },
      { path: '/telemedicina/purchase/atendimento', element: <FakePurchase /> },
      { path: '/planos', element: <FakePurchase /> },
    ],
    `/telemedicina/medico/${id}`,
  );
}

const fernanda = makeMedico(7, {
  especialidades: ['Pediatria', 'Neonatologia'],
  clinicas: [{ id: 5, nome: 'Clínica Pediátrica Savassi' }],
});

const history = [
  makeAtendimento(30, { status: 'E', created_at: '2026-03-01T12:00:00.000Z', mensagens_novas: 2 }, fernanda),
  makeAtendimento(
    20,
    {
      status: 'R',
      created_at: '2026-02-01T12:00:00.000Z',
      recusado_motivo: 2,
      recusado_comentario: 'Marque uma consulta presencial primeiro.',
    },
    fernanda,
  ),
];

function requestButton() {
  return screen.getByRole('button', { name: /Solicitar atendimento|médico bloqueado/ }) as HTMLButtonElement;
}

describe('/telemedicina/medico/:id profile (docs/telemedicine.md "Doctors")', { timeout: 15_000 }, () => {
  it('shows the doctor: name, verified badge, status label, specialties, CRM, city and clinics', async () => {
    profileApi(fernanda, []);
    renderProfile(7);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fernanda Gonçalves Lima' })).not.toBeNull();
    expect(screen.getByText('Verificado')).not.toBeNull();
    expect(screen.getByText('Disponível')).not.toBeNull();
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Especialidades')).toBe('Pediatria, Neonatologia');
    expect(fact('CRM')).toBe('CRM/MG 58341');
    expect(fact('Cidade')).toBe('Belo Horizonte - MG');
    expect(fact('Clínica')).toBe('Clínica Pediátrica Savassi');
    expect(screen.getByText('Você ainda não teve atendimentos com este médico.')).not.toBeNull();
    expect(document.title).toBe('Fernanda Gonçalves Lima · Pulso');
  });

  it('lists past sessions newest first: E opens the chat, R shows the refusal reason and comment', async () => {
    profileApi(fernanda, history);
    renderProfile(7);
    const section = await screen.findByRole('region', { name: 'Atendimentos' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Solicitado em 01/03/2026 09:00');
    expect(items[0]?.textContent).toContain('Encerrado');
    expect(items[0]?.textContent).toContain('2 mensagens novas');
    expect(items[1]?.textContent).toContain('Recusado');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/telemedicina/atendimento/30');

    fireEvent.click(within(items[1] as HTMLElement).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitação recusada' });
    expect(dialog.textContent).toContain(RECUSA_MOTIVOS[2]);
    expect(dialog.textContent).toContain('Marque uma consulta presencial primeiro.');
    expect(requestButton().disabled).toBe(false);
  });

  it('shows a pending session as waiting, without a way in, and disables the request button', async () => {
    profileApi(fernanda, [makeAtendimento(31, { status: 'P' }, fernanda), ...history]);
    renderProfile(7);
    const section = await screen.findByRole('region', { name: 'Atendimentos' });
    const first = within(section).getAllByRole('listitem')[0] as HTMLElement;
    expect(first.textContent).toContain(AGUARDANDO_TEXT);
    expect(within(first).queryByRole('link')).toBeNull();
    expect(within(first).queryByRole('button')).toBeNull();
    expect(requestButton().disabled).toBe(true);
    expect(requestButton().textContent).toBe('Solicitar atendimento');
    expect(screen.getByText(M.pendingOrActive)).not.toBeNull();
  });

  it('disables the request button while the latest session is A', async () => {
    profileApi(fernanda, [makeAtendimento(32, { status: 'A' }, fernanda)]);
    renderProfile(7);
    await screen.findByRole('region', { name: 'Atendimentos' });
    expect(requestButton().disabled).toBe(true);
  });

  it("reads 'médico bloqueado' when the doctor blocked the patient", async () => {
    profileApi({ ...fernanda, bloqueado: true }, history);
    renderProfile(7);
    await screen.findByRole('region', { name: 'Atendimentos' });
    expect(requestButton().textContent).toBe(M.bloqueado);
    expect(requestButton().disabled).toBe(true);
    expect(screen.getByText(M.blockedByMedico)).not.toBeNull();
  });

  it("answers 404 with 'Médico não encontrado'; an impossible id asks nothing", async () => {
    const { calls } = stubApi(() => jsonResponse({ message: M.medicoNotFound }, 404));
    renderProfile(404);
    expect(await screen.findByRole('heading', { level: 1, name: M.medicoNotFound })).not.toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('asks nothing for an id that cannot exist', async () => {
    const { calls } = stubApi(() => undefined);
    renderProfile('abc');
    expect(await screen.findByRole('heading', { level: 1, name: M.medicoNotFound })).not.toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('the request-care dialog (docs/telemedicine.md "Requests and payment")', { timeout: 15_000 }, () => {
  it('requires the reason, and the pass once "Tenho um passe" is ticked; the new session goes on top', async () => {
    const { calls } = profileApi(fernanda, history);
    renderProfile(7);
    await screen.findByRole('region', { name: 'Atendimentos' });
    fireEvent.click(requestButton());
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(dialog).findByText(M.motivo)).not.toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /Passe/ })).toBeNull();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo da solicitação/ }), {
      target: { value: 'Meu filho está com febre.' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Tenho um passe/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(dialog).findByText(M.pass)).not.toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Passe/ }), {
      target: { value: 'abcd-ef23' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));

    const thanks = await screen.findByRole('dialog', { name: M.requested });
    expect(thanks.textContent).toContain(M.thanksMedico);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      motivo: 'Meu filho está com febre.',
      pass: 'abcd-ef23',
    });
    fireEvent.click(within(thanks).getByRole('button', { name: 'Entendi' }));

    const items = within(screen.getByRole('region', { name: 'Atendimentos' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Meu filho está com febre.');
    expect(items[0]?.textContent).toContain(AGUARDANDO_TEXT);
    await waitFor(() => expect(requestButton().disabled).toBe(true));
  });

  it('sends no pass without the option', async () => {
    const { calls } = profileApi(fernanda, []);
    renderProfile(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar atendimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo da solicitação/ }), {
      target: { value: 'Dor de ouvido' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    await screen.findByRole('dialog', { name: M.requested });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ motivo: 'Dor de ouvido', pass: null });
  });

  it("on 402 shows the server's message with the single-session purchase and the plans", async () => {
    profileApi(fernanda, [], { solicitar: jsonResponse({ message: M.noPayment }, 402) });
    renderProfile(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar atendimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo da solicitação/ }), {
      target: { value: 'Dor de ouvido' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(M.noPayment);
    expect(within(alert).getByRole('link', { name: 'Comprar atendimento avulso' }).getAttribute('href')).toBe(
      '/telemedicina/purchase/atendimento',
    );
    expect(within(alert).getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
  });

  it("puts the server's pass error under the pass field", async () => {
    profileApi(fernanda, [], {
      solicitar: jsonResponse({ message: M.passInvalid, errors: { pass: [M.passInvalid] } }, 422),
    });
    renderProfile(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar atendimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo da solicitação/ }), {
      target: { value: 'Dor de ouvido' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Tenho um passe/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Passe/ }), {
      target: { value: 'ZZZZ-ZZZZ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Passe/ }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(within(dialog).getByText(M.passInvalid)).not.toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('asks the support pseudo-doctor only for a message and thanks with the support text', async () => {
    const suporte = makeSuporte(1);
    profileApi(suporte, []);
    renderProfile(1);
    expect(await screen.findByText('Equipe Pulso')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Denunciar perfil' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Falar com o suporte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Falar com o suporte' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Como podemos ajudar/ }), {
      target: { value: 'Não consigo baixar meu QR Code.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    expect((await screen.findByRole('dialog', { name: M.requested })).textContent).toContain(M.thanksSuporte);
  });
});

describe('the report dialog (docs/telemedicine.md "Reporting a doctor")', { timeout: 15_000 }, () => {
  it('requires the reason, sends it and confirms in the snackbar', async () => {
    const { calls } = profileApi(fernanda, []);
    renderProfile(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Denunciar perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar perfil' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denúncia' }));
    expect(await within(dialog).findByText(M.denunciaMotivo)).not.toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo da denúncia/ }), {
      target: { value: 'Cobrou por fora.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denúncia' }));
    expect(await screen.findByText(M.reported)).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Denunciar perfil' })).toBeNull());
    expect(calls.find((c) => c.url === '/api/denunciar/medico/7')?.body).toEqual({
      motivo: 'Cobrou por fora.',
    });
  });
});

describe('what a request will use (docs/api/telemedicina.md "What a request will use")', {
  timeout: 15_000,
}, () => {
  it('says beside the button and above the reason that a credit will be used', async () => {
    profileApi(fernanda, [], { previsto: { forma: 'credito', plano_restantes: 0, creditos: 2 } });
    renderProfile(7);
    const text = 'Este atendimento usará 1 dos seus atendimentos avulsos (você tem 2).';
    expect(await screen.findByText(text)).not.toBeNull();
    fireEvent.click(requestButton());
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    const note = within(dialog).getByText(text);
    const reason = within(dialog).getByRole('textbox', { name: /Motivo da solicitação/ });
    // The note comes before the reason in the dialog's reading order.
    expect(note.compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says the plan covers it, and nothing for support', async () => {
    profileApi(fernanda, [], { previsto: { forma: 'plano', plano_restantes: 12, creditos: 0 } });
    renderProfile(7);
    expect(
      await screen.findByText('Seu plano cobre este atendimento (restam 12 consultas no período).'),
    ).not.toBeNull();
  });

  it('says what is missing with the ways to pay, and comes back from paying with the reason kept', async () => {
    profileApi(fernanda, [], { previsto: NOTHING });
    const { router } = renderProfile(7);
    const missing = pagamentoPrevistoText(NOTHING) ?? '';
    expect(await screen.findByText(missing)).not.toBeNull();
    // A pass may still pay: the button stays.
    fireEvent.click(requestButton());
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo da solicitação/ }), {
      target: { value: 'Febre há três dias.' },
    });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Comprar atendimento avulso' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento' })).not.toBeNull();
    expect(router.state.location.state).toEqual({ from: '/telemedicina/medico/7?solicitar=1' });

    fireEvent.click(screen.getByRole('link', { name: 'Pagar' }));
    const reopened = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    expect(
      (within(reopened).getByRole('textbox', { name: /Motivo da solicitação/ }) as HTMLTextAreaElement).value,
    ).toBe('Febre há três dias.');
    // The parameter is gone: a reload does not open the dialog again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('passes the way back through the plans too', async () => {
    profileApi(fernanda, [], { previsto: NOTHING });
    const { router } = renderProfile(7);
    await screen.findByText(pagamentoPrevistoText(NOTHING) ?? '');
    fireEvent.click(screen.getByRole('link', { name: 'Ver planos' }));
    await screen.findByRole('heading', { name: 'Pagamento' });
    expect(router.state.location.pathname).toBe('/planos');
    expect(router.state.location.state).toEqual({ from: '/telemedicina/medico/7?solicitar=1' });
  });

  it('keeps the reason when the dialog is closed, and forgets it once sent', async () => {
    profileApi(fernanda, []);
    renderProfile(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar atendimento' }));
    let dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    const box = () =>
      within(dialog).getByRole('textbox', { name: /Motivo da solicitação/ }) as HTMLTextAreaElement;
    fireEvent.change(box(), { target: { value: 'Tosse seca' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Solicitar atendimento' })).toBeNull());
    fireEvent.click(requestButton());
    dialog = await screen.findByRole('dialog', { name: 'Solicitar atendimento' });
    expect(box().value).toBe('Tosse seca');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: M.requested })).getByRole('button', {
        name: 'Entendi',
      }),
    );
    expect(readMotivoDraft(7)).toBe('');
  });
});
