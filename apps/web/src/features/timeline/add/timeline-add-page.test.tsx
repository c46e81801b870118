import {
  type MedicoOption,
  PDF_TOO_LARGE_MESSAGE,
  TIMELINE_MESSAGES,
  type TimelineTargetUser,
  todayInSaoPaulo,
  type UserView,
} from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { makeUserView } from '../../../test/users.ts';
import { MEDICO_SEARCH_DEBOUNCE_MS } from '../../../ui/medico-autocomplete/search-medicos.ts';
import TimelineAddPage from './timeline-add-page.tsx';

// jsdom cannot decode images: compressorjs answers a tiny JPEG and records what it was asked.
const compressor = vi.hoisted(() => ({ options: [] as Record<string, unknown>[] }));
vi.mock('compressorjs', () => ({
  default: class {
    constructor(_file: Blob, options: Record<string, unknown> & { success: (b: Blob) => void }) {
      compressor.options.push(options);
      queueMicrotask(() =>
        options.success(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' })),
      );
    }
  },
}));

const JOSE: MedicoOption = {
  id: 42,
  name: 'José Ricardo Albuquerque',
  especialidade: 'Ortopedia e Traumatologia',
  crms: [{ numero: '21457', uf: 'PE' }],
};

const MARIA: TimelineTargetUser = { id: 77, name: 'Maria Lima', avatar: null, code: '987XY654' };

type Post = { url: string; body: FormData };
type Answer = { status: number; body: unknown };

/**
 * A fake API: `GET /api/user` answers `me`; `GET /api/timeline/user/:code`
 * answers MARIA for her code (or `lookup`); the doctors search answers JOSE;
 * `POST /api/timeline/item` answers `post` or a 201 with the right message.
 */
function fakeApi({
  me = makeUserView(),
  post,
  lookup,
}: {
  me?: UserView;
  post?: Answer;
  lookup?: Answer;
} = {}) {
  const posts: Post[] = [];
  const gets: string[] = [];
  let currentMe = me;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'GET') gets.push(url);
      if (url === '/api/user') return jsonResponse({ user: currentMe, mensagens: 0 });
      if (url.startsWith('/api/timeline/user/')) {
        if (lookup) return jsonResponse(lookup.body, lookup.status);
        return url.endsWith(`/${MARIA.code}`)
          ? jsonResponse({ user: MARIA })
          : jsonResponse({ message: TIMELINE_MESSAGES.patientNotFound }, 404);
      }
      if (url.startsWith('/api/medicos/search/')) return jsonResponse({ medicos: [JOSE] });
      if (url === '/api/timeline/item' && method === 'POST') {
        const body = init?.body as FormData;
        posts.push({ url, body });
        if (post) return jsonResponse(post.body, post.status);
        const forOther = body.get('user_id') !== null;
        return jsonResponse(
          {
            message: forOther ? TIMELINE_MESSAGES.addedToPatient : TIMELINE_MESSAGES.added,
            timelineItem: { id: 1 },
          },
          201,
        );
      }
      return jsonResponse({ message: 'não encontrado' }, 404);
    }),
  );
  return { posts, gets, lock: (user: UserView) => (currentMe = user) };
}

function renderAdd(path = '/timeline/add') {
  return renderRoutes(
    [
      { path: '/timeline/add', element: <TimelineAddPage /> },
      { path: '/timeline', element: <h1>Linha do tempo</h1> },
    ],
    path,
  );
}

const pause = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
const form = () => screen.getByRole('form', { name: 'Registro' });
const save = () => fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

function choose(files: File[]) {
  fireEvent.change(fileInput(), { target: { files } });
}

async function fillRequired(tipo = 'Exame', descricao = 'Hemograma completo') {
  await screen.findByRole('radio', { name: tipo });
  fireEvent.click(screen.getByRole('radio', { name: tipo }));
  fireEvent.change(screen.getByLabelText(/^Descrição/), { target: { value: descricao } });
}

beforeEach(() => {
  setToken('token-de-teste');
  compressor.options = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/timeline/add, the form (docs/health-record.md "Fields and limits")', () => {
  it('offers types 1, 2, 3, 4, 5 and 7 with their labels and dates today by default', async () => {
    fakeApi();
    renderAdd();
    await screen.findByRole('radio', { name: 'Consulta' });
    const names = screen.getAllByRole('radio').map((r) => r.textContent);
    expect(names).toEqual(['Consulta', 'Exame', 'Resultado de Exame', 'Receita', 'Fast Note', 'Vacina']);
    const data = screen.getByLabelText(/^Data/) as HTMLInputElement;
    expect(data.value).toBe(todayInSaoPaulo());
    expect(data.max).toBe(todayInSaoPaulo());
  });

  it('refuses to send without type and description, and a date in the future', async () => {
    const { posts } = fakeApi();
    renderAdd();
    await screen.findByRole('radio', { name: 'Consulta' });
    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: '2999-01-01' } });
    save();
    expect(await screen.findByText(TIMELINE_MESSAGES.tipo)).not.toBeNull();
    expect(screen.getByText(TIMELINE_MESSAGES.descricao)).not.toBeNull();
    expect(screen.getByText(TIMELINE_MESSAGES.dataFutura)).not.toBeNull();
    expect(screen.getByLabelText(/^Descrição/).getAttribute('aria-invalid')).toBe('true');
    await pause(20);
    expect(posts).toHaveLength(0);
  });

  it('masks the value as R$ and sends it cleaned, with a listed doctor, as multipart', async () => {
    const { posts } = fakeApi();
    const { router } = renderAdd();
    await fillRequired('Resultado de Exame', 'Glicemia em jejum: 92 mg/dL');
    const valor = screen.getByLabelText(/^Valor/) as HTMLInputElement;
    fireEvent.input(valor, { target: { value: '1234,5' } });
    await waitFor(() => expect(valor.value).toBe('R$ 1.234,5'));

    const medico = screen.getByRole('combobox', { name: /^Médico/ });
    fireEvent.change(medico, { target: { value: 'jose' } });
    await pause(MEDICO_SEARCH_DEBOUNCE_MS + 50);
    fireEvent.click(await screen.findByRole('option', { name: /José Ricardo Albuquerque/ }));
    expect((medico as HTMLInputElement).value).toBe(JOSE.name);

    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    const body = (posts[0] as Post).body;
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      tipo: '3',
      data: todayInSaoPaulo(),
      valor: '1234.50',
      medico_id: '42',
      medico_name: JOSE.name,
      descricao: 'Glicemia em jejum: 92 mg/dL',
    });
    expect(body.getAll('anexos[]')).toEqual([]);
    expect(body.has('user_id')).toBe(false);
    expect((await screen.findByRole('status')).textContent).toContain(TIMELINE_MESSAGES.added);
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline'));
  });

  it('sends a typed doctor as free text and a blank value as empty', async () => {
    const { posts } = fakeApi();
    renderAdd();
    await fillRequired('Vacina', 'Gripe, dose anual');
    fireEvent.change(screen.getByRole('combobox', { name: /^Médico/ }), {
      target: { value: 'Dra. Paula Lima' },
    });
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    const body = (posts[0] as Post).body;
    expect(body.get('tipo')).toBe('7');
    expect(body.get('valor')).toBe('');
    expect(body.get('medico_name')).toBe('Dra. Paula Lima');
    expect(body.has('medico_id')).toBe(false);
  });
});

describe('/timeline/add, attachments (issue 5)', () => {
  it('resizes images to JPEG at quality 0.5, keeps PDFs, lists both and lets one be removed', async () => {
    const { posts } = fakeApi();
    renderAdd();
    await fillRequired();
    const pdf = new File(['%PDF-1.4 laudo'], 'laudo.pdf', { type: 'application/pdf' });
    choose([new File([new Uint8Array(3000)], 'raio-x.png', { type: 'image/png' }), pdf]);
    const list = await screen.findByRole('list', { name: 'Anexos escolhidos' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(compressor.options[0]).toMatchObject({ maxWidth: 800, quality: 0.5, mimeType: 'image/jpeg' });
    expect(within(list).getByText('raio-x.jpg')).not.toBeNull();
    expect(within(list).getByText('laudo.pdf')).not.toBeNull();

    choose([new File(['x'], 'outro.png', { type: 'image/png' })]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Remover outro.jpg' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    const files = (posts[0] as Post).body.getAll('anexos[]') as File[];
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['raio-x.jpg', 'image/jpeg'],
      ['laudo.pdf', 'application/pdf'],
    ]);
    expect(await (files[1] as File).text()).toBe('%PDF-1.4 laudo');
    expect(new Uint8Array(await (files[0] as File).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    );
  });

  it('refuses other types and oversize PDFs with the server messages, before sending', async () => {
    fakeApi();
    renderAdd();
    await screen.findByRole('radio', { name: 'Consulta' });
    choose([new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' })]);
    expect((await screen.findByText(TIMELINE_MESSAGES.anexoTipo)).getAttribute('role')).toBe('alert');

    const big = new File(['%PDF-'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose([big]);
    expect(await screen.findByText(PDF_TOO_LARGE_MESSAGE)).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Anexos escolhidos' })).toBeNull();
  });

  it('takes at most 10 files', async () => {
    fakeApi();
    renderAdd();
    await screen.findByRole('radio', { name: 'Consulta' });
    const pdfs = Array.from(
      { length: 11 },
      (_, i) => new File(['%PDF-'], `p${i}.pdf`, { type: 'application/pdf' }),
    );
    choose(pdfs);
    expect(await screen.findByText(TIMELINE_MESSAGES.anexosMax)).not.toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Anexos escolhidos' })).getAllByRole('listitem'),
    ).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Adicionar anexos' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('/timeline/add, server errors (docs/health-record.md "Adding a record")', () => {
  it('puts each 422 message under its field and keeps everything typed and attached', async () => {
    fakeApi({
      post: {
        status: 422,
        body: {
          message: TIMELINE_MESSAGES.medico_id,
          errors: {
            medico_id: [TIMELINE_MESSAGES.medico_id],
            anexos: [TIMELINE_MESSAGES.anexoTipo],
          },
        },
      },
    });
    const { router } = renderAdd();
    await fillRequired('Receita', 'Amoxicilina 500 mg');
    choose([new File(['%PDF-'], 'receita.pdf', { type: 'application/pdf' })]);
    await screen.findByRole('list', { name: 'Anexos escolhidos' });
    save();
    const medico = screen.getByRole('combobox', { name: /^Médico/ });
    await waitFor(() => expect(medico.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(TIMELINE_MESSAGES.medico_id).length).toBeGreaterThanOrEqual(1);
    expect(screen.getAllByText(TIMELINE_MESSAGES.anexoTipo).length).toBeGreaterThanOrEqual(1);
    expect((screen.getByLabelText(/^Descrição/) as HTMLTextAreaElement).value).toBe('Amoxicilina 500 mg');
    expect(screen.getByRole('radio', { name: 'Receita' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('receita.pdf')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/timeline/add');
  });
});

describe("/timeline/add, another patient's timeline (issue 5)", () => {
  it('looks a typed code up, shows the patient, sends user_id and stays ready for the next record', async () => {
    const { posts, gets } = fakeApi();
    const { router } = renderAdd();
    const code = (await screen.findByLabelText(/^Código do paciente/)) as HTMLInputElement;
    fireEvent.input(code, { target: { value: '987xy654' } });
    await waitFor(() => expect(code.value).toBe('987 XY 654'));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar paciente' }));

    expect(await screen.findByText('Maria Lima')).not.toBeNull();
    expect(gets).toContain('/api/timeline/user/987XY654');
    expect(screen.getByText('987 XY 654')).not.toBeNull();
    expect(router.state.location.search).toBe('?code=987XY654');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Limpar paciente' })),
    );

    await fillRequired('Consulta', 'Retorno: pressão controlada');
    choose([new File(['%PDF-'], 'pedido.pdf', { type: 'application/pdf' })]);
    await screen.findByRole('list', { name: 'Anexos escolhidos' });
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0] as Post).body.get('user_id')).toBe('77');
    expect((await screen.findByRole('status')).textContent).toContain(TIMELINE_MESSAGES.addedToPatient);

    // Same patient, empty record: ready for the next one.
    expect(router.state.location.pathname).toBe('/timeline/add');
    await waitFor(() => expect((screen.getByLabelText(/^Descrição/) as HTMLTextAreaElement).value).toBe(''));
    expect(screen.getByRole('radio', { name: 'Consulta' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Anexos escolhidos' })).toBeNull();
    expect(screen.getByText('Maria Lima')).not.toBeNull();
  });

  it('explains the daily cap (429) by the Save button, keeping what was typed', async () => {
    fakeApi({ post: { status: 429, body: { message: TIMELINE_MESSAGES.dailyLimit } } });
    renderAdd('/timeline/add?code=987XY654');
    expect(await screen.findByText('Maria Lima')).not.toBeNull();
    await fillRequired('Exame', 'Hemograma');
    save();
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toContain('Limite de registros por dia');
    expect(alert.textContent).toContain(TIMELINE_MESSAGES.dailyLimit);
    expect((screen.getByLabelText(/^Descrição/) as HTMLTextAreaElement).value).toBe('Hemograma');
  });

  it('explains an expired lookup of the code (403) and looks the patient up again on request', async () => {
    const { gets, posts } = fakeApi({
      post: { status: 403, body: { message: TIMELINE_MESSAGES.lookupRequired } },
    });
    renderAdd('/timeline/add?code=987XY654');
    expect(await screen.findByText('Maria Lima')).not.toBeNull();
    await fillRequired('Exame', 'Hemograma');
    save();
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toContain(TIMELINE_MESSAGES.lookupRequired);
    const lookups = gets.filter((url) => url === '/api/timeline/user/987XY654').length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Buscar paciente novamente' }));
    await waitFor(() =>
      expect(gets.filter((url) => url === '/api/timeline/user/987XY654').length).toBe(lookups + 1),
    );
    expect(within(form()).queryByRole('alert')).toBeNull();
    expect(posts).toHaveLength(1);
  });

  it('opens with ?code= from the QR reader and clears back to the own timeline', async () => {
    const { posts } = fakeApi();
    const { router } = renderAdd('/timeline/add?code=987XY654');
    expect(await screen.findByText('Maria Lima')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar paciente' }));
    const code = (await screen.findByLabelText(/^Código do paciente/)) as HTMLInputElement;
    expect(code.value).toBe('');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(code));

    await fillRequired();
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0] as Post).body.has('user_id')).toBe(false);
  });

  it('shows "Paciente não encontrado" under the code and never saves to the own timeline instead', async () => {
    const { posts } = fakeApi();
    renderAdd('/timeline/add?code=111AA111');
    const code = (await screen.findByLabelText(/^Código do paciente/)) as HTMLInputElement;
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(code.value).toBe('111 AA 111');
    expect(screen.getByText(TIMELINE_MESSAGES.patientNotFound)).not.toBeNull();
    await fillRequired();
    save();
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toContain(
      TIMELINE_MESSAGES.patientNotFound,
    );
    await pause(20);
    expect(posts).toHaveLength(0);
  });

  it('asks for the whole code before looking it up', async () => {
    const { gets } = fakeApi();
    renderAdd();
    const code = (await screen.findByLabelText(/^Código do paciente/)) as HTMLInputElement;
    fireEvent.input(code, { target: { value: '987xy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar paciente' }));
    expect(await screen.findByText('Digite o código completo')).not.toBeNull();
    expect(gets.filter((g) => g.startsWith('/api/timeline/user/'))).toEqual([]);
  });
});

describe('/timeline/add, locked (docs/health-record.md "Trial lock")', () => {
  it('disables the form, says why and links to /planos', async () => {
    const { posts } = fakeApi({ me: makeUserView({ trialEnded: true, plano: null, empresarial: false }) });
    renderAdd();
    expect(await screen.findByRole('status', { name: TIMELINE_MESSAGES.locked })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
    // Disabled by their own attribute or by the form's disabled fieldset.
    for (const control of [
      screen.getByLabelText(/^Descrição/),
      screen.getByLabelText(/^Data/),
      screen.getByLabelText(/^Valor/),
      screen.getByRole('combobox', { name: /^Médico/ }),
      screen.getByRole('radio', { name: 'Consulta' }),
      screen.getByRole('button', { name: 'Adicionar anexos' }),
      screen.getByLabelText(/^Código do paciente/),
    ]) {
      expect(control.matches(':disabled'), control.outerHTML).toBe(true);
    }
    const saveButton = within(form()).getByRole('button', { name: 'Salvar' });
    expect(saveButton.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(saveButton);
    await pause(20);
    expect(posts).toHaveLength(0);
  });

  it('is not locked for a corporate account whose trial ended', async () => {
    fakeApi({ me: makeUserView({ trialEnded: true, empresarial: true }) });
    renderAdd();
    await screen.findByRole('radio', { name: 'Consulta' });
    expect(screen.queryAllByText(TIMELINE_MESSAGES.locked)).toEqual([]);
    expect(screen.getByLabelText(/^Descrição/).matches(':disabled')).toBe(false);
    expect(within(form()).getByRole('button', { name: 'Salvar' }).hasAttribute('aria-disabled')).toBe(false);
  });

  it('turns locked when the server refuses the save with 403', async () => {
    const api = fakeApi({ post: { status: 403, body: { message: TIMELINE_MESSAGES.locked } } });
    renderAdd();
    await fillRequired();
    api.lock(makeUserView({ trialEnded: true }));
    save();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ver planos' })).not.toBeNull());
    const snack = screen.getAllByRole('alert').find((a) => a.classList.contains('mantine-Notification-root'));
    expect(snack?.textContent).toContain(TIMELINE_MESSAGES.locked);
    expect((screen.getByLabelText(/^Descrição/) as HTMLTextAreaElement).value).toBe('Hemograma completo');
  });
});
