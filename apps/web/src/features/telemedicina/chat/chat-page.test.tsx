import {
  type AtendimentoChat,
  CHAT_SCROLL_DELAY_MS,
  FILE_TOO_LARGE_MESSAGE,
  TELEMEDICINA_MESSAGES as M,
  type MensagemView,
} from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token.ts';
import { type FakeSocket, lastFakeSocket } from '../../../test/fake-socket.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import {
  makeAtendimento,
  makeChat,
  makeMedico,
  makeMensagem,
  makePaciente,
} from '../../../test/telemedicina-fixtures.ts';
import ChatPage from './chat-page.tsx';
import { cropToJpeg } from './crop-image.ts';

// jsdom draws no images and lays nothing out: the crop view answers a fixed area, the JPEG is stood in for.
vi.mock('./image-crop-modal.tsx', () => ({
  ImageCropModal: ({ imageUrl, onSend }: { imageUrl: string | null; onSend: (area: object) => void }) =>
    imageUrl ? (
      <button type="button" onClick={() => onSend({ x: 0, y: 0, width: 10, height: 10 })}>
        Enviar imagem
      </button>
    ) : null,
}));
vi.mock('./crop-image.ts', () => ({
  cropToJpeg: vi.fn(async (_src: string, _area: object, name: string) => {
    return new File([new Uint8Array(3000)], name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' });
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(cropToJpeg).mockClear();
});

/** A fake chat API around one session; writes change it as the server would. */
function chatApi(initial: AtendimentoChat, older: MensagemView[] = []) {
  let chat = initial;
  let next = 500;
  const api = stubApi(({ url, method, body }) => {
    const id = chat.atendimento.id;
    if (url === `/api/telemedicina/atendimento/${id}` && method === 'GET') return jsonResponse(chat);
    if (url.startsWith(`/api/telemedicina/atendimento/${id}/mensagens?before=`))
      return jsonResponse({ mensagens: older, has_more: false });
    if (url === `/api/telemedicina/atendimento/${id}/mensagem` && method === 'POST') {
      const mine = chat.role === 'paciente' ? 'U' : 'M';
      let mensagem: MensagemView;
      if (body instanceof FormData) {
        const file = body.get('content') as File;
        const type = body.get('type') as 'I' | 'F';
        mensagem = makeMensagem(next++, {
          atendimento_id: id,
          from: mine,
          type,
          content: file.name,
          size: file.size,
          url: `/api/telemedicina/mensagem/${next}/arquivo/1900000000/sig`,
        });
      } else {
        mensagem = makeMensagem(next++, {
          atendimento_id: id,
          from: mine,
          content: (body as { content: string }).content,
          created_at: '2026-03-10T16:30:00.000Z',
        });
      }
      chat = { ...chat, mensagens: [...chat.mensagens, mensagem] };
      return jsonResponse({ mensagem }, 201);
    }
    const one = /^\/api\/telemedicina\/mensagem\/(\d+)$/.exec(url);
    if (one && method === 'PUT')
      return jsonResponse({ mensagem: { id: Number(one[1]), read_at: '2026-03-10T17:00:00.000Z' } });
    if (one && method === 'DELETE') {
      chat = { ...chat, mensagens: chat.mensagens.filter((m) => m.id !== Number(one[1])) };
      return jsonResponse({ mensagem: { id: Number(one[1]) } });
    }
    if (url === `/api/medico/atendimento/${id}/encerrar` && method === 'PUT') {
      chat = { ...chat, atendimento: { ...chat.atendimento, status: 'E' } };
      return jsonResponse({ message: M.ended, atendimento: chat.atendimento });
    }
    if (url === `/api/medico/bloqueio/${chat.paciente.id}` && method === 'PUT') {
      const bloqueado = (body as { bloqueado: boolean }).bloqueado;
      return jsonResponse({ message: bloqueado ? M.blocked : M.unblocked });
    }
    return undefined;
  });
  return api;
}

function renderChat(id: number | string = 40, base = '/telemedicina/atendimento') {
  setToken('t');
  return renderRoutes(
    [
      { path: '/telemedicina/atendimento/:id', element: <ChatPage /> },
      { path: '/medico/atendimento/:id', element: <ChatPage /> },
    ],
    `${base}/${id}`,
  );
}

async function socket(): Promise<FakeSocket> {
  let found: FakeSocket | undefined;
  await waitFor(() => {
    found = lastFakeSocket();
  });
  act(() => {
    found?.connect();
  });
  return found as FakeSocket;
}

function conversation() {
  return screen.getByRole('log', { name: 'Conversa' });
}

const mensagens = [
  makeMensagem(1, {
    from: 'U',
    content: 'Oi, doutora.',
    created_at: '2026-03-10T14:00:00.000Z',
    read_at: '2026-03-10T14:01:00.000Z',
  }),
  makeMensagem(2, {
    from: 'M',
    content: 'Olá! Como posso ajudar?',
    created_at: '2026-03-10T14:02:00.000Z',
    read_at: '2026-03-10T14:03:00.000Z',
  }),
  makeMensagem(3, { from: 'U', content: 'Segue o exame.', created_at: '2026-03-10T14:04:00.000Z' }),
  makeMensagem(4, {
    from: 'U',
    type: 'F',
    content: 'hemograma.pdf',
    size: 120_000,
    url: '/api/telemedicina/mensagem/4/arquivo/1900000000/sig',
    created_at: '2026-03-10T14:05:00.000Z',
  }),
  makeMensagem(5, {
    from: 'M',
    type: 'I',
    content: 'receita.jpg',
    url: '/api/telemedicina/mensagem/5/arquivo/1900000000/sig',
    created_at: '2026-03-10T14:06:00.000Z',
  }),
  makeMensagem(6, { from: 'M', content: 'Tome bastante água.', created_at: '2026-03-10T14:07:00.000Z' }),
];

describe('the chat as the patient (docs/telemedicine.md "Chat")', { timeout: 15_000 }, () => {
  it('shows the doctor in the header, the way back, and the messages on their sides with times and read ticks', async () => {
    chatApi(makeChat({ mensagens }));
    renderChat();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fernanda Gonçalves Lima' })).not.toBeNull();
    expect(screen.getByText('Pediatria · Belo Horizonte - MG')).not.toBeNull();
    expect(screen.getByText('Em andamento')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para o perfil do médico' }).getAttribute('href')).toBe(
      '/telemedicina/medico/7',
    );
    expect(document.title).toBe('Atendimento com Fernanda Gonçalves Lima · Pulso');

    const items = within(conversation()).getAllByRole('listitem');
    expect(items.map((li) => li.hasAttribute('data-own'))).toEqual([true, false, true, true, false, false]);
    expect(items[0]?.textContent).toContain('10/03/2026 11:00');
    expect(items[0]?.textContent).toContain('Lida');
    expect(items[2]?.textContent).toContain('Enviada');
    expect(items[1]?.textContent).not.toMatch(/Lida|Enviada/);
    const pdf = within(items[3] as HTMLElement).getByRole('link');
    expect(pdf.getAttribute('href')).toBe('/api/telemedicina/mensagem/4/arquivo/1900000000/sig');
    expect(pdf.textContent).toContain('hemograma.pdf');
    expect(pdf.textContent).toContain('PDF, 117 KB');
    expect(
      within(items[4] as HTMLElement)
        .getByRole('img', { name: 'Imagem receita.jpg' })
        .getAttribute('src'),
    ).toBe('/api/telemedicina/mensagem/5/arquivo/1900000000/sig');
  });

  it("marks the doctor's unread messages read once shown, and only those", async () => {
    const { calls } = chatApi(makeChat({ mensagens }));
    renderChat();
    await screen.findByRole('log', { name: 'Conversa' });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
        '/api/telemedicina/mensagem/5',
        '/api/telemedicina/mensagem/6',
      ]),
    );
  });

  it('sends a text with Enter (Shift+Enter is a new line) and clears the box', async () => {
    const { calls } = chatApi(makeChat({ mensagens: [] }));
    renderChat();
    expect(await screen.findByText('Nenhuma mensagem ainda.')).not.toBeNull();
    const box = screen.getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Tenho febre' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(conversation()).findByText('Tenho febre')).not.toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'T', content: 'Tenho febre' });
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('follows the realtime events: joins the room, appends, removes, ticks read, and ends', async () => {
    chatApi(makeChat({ mensagens: mensagens.slice(0, 3) }));
    renderChat();
    await screen.findByRole('log', { name: 'Conversa' });
    const io = await socket();
    await waitFor(() => expect(io.sent).toContainEqual({ event: 'atendimento.join', args: [40] }));

    act(() =>
      io.serverEmit('message.sent', {
        atendimento_id: 40,
        mensagem: makeMensagem(9, { from: 'M', content: 'Chegou ao vivo' }),
      }),
    );
    expect(await within(conversation()).findByText('Chegou ao vivo')).not.toBeNull();
    // Another session's message does not show here.
    act(() =>
      io.serverEmit('message.sent', {
        atendimento_id: 41,
        mensagem: makeMensagem(10, { atendimento_id: 41, content: 'Outro' }),
      }),
    );
    act(() =>
      io.serverEmit('message.read', {
        atendimento_id: 40,
        id: 3,
        from: 'U',
        read_at: '2026-03-10T15:00:00.000Z',
      }),
    );
    await waitFor(() =>
      expect(within(conversation()).getAllByRole('listitem')[2]?.textContent).toContain('Lida'),
    );
    act(() => io.serverEmit('message.deleted', { atendimento_id: 40, id: 2, from: 'M', was_unread: false }));
    await waitFor(() => expect(within(conversation()).queryByText('Olá! Como posso ajudar?')).toBeNull());
    expect(within(conversation()).queryByText('Outro')).toBeNull();

    act(() => io.serverEmit('atendimento.ended', { atendimento_id: 40, status: 'ET' }));
    expect(await screen.findByText(M.inactivity)).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anexar imagem ou PDF' })).toBeNull();
  });

  it(`scrolls to the newest message ${CHAT_SCROLL_DELAY_MS} ms after it arrives`, async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    chatApi(makeChat({ mensagens: mensagens.slice(0, 2) }));
    renderChat();
    await screen.findByRole('log', { name: 'Conversa' });
    const io = await socket();
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    scroll.mockClear();
    const sentAt = performance.now();
    act(() =>
      io.serverEmit('message.sent', { atendimento_id: 40, mensagem: makeMensagem(20, { content: 'Nova' }) }),
    );
    await waitFor(() => expect(scroll).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(performance.now() - sentAt).toBeGreaterThanOrEqual(CHAT_SCROLL_DELAY_MS - 5);
    scroll.mockRestore();
  });

  it('deletes only its own messages, after confirmation', async () => {
    const { calls } = chatApi(makeChat({ mensagens: mensagens.slice(0, 3) }));
    renderChat();
    await screen.findByRole('log', { name: 'Conversa' });
    const items = within(conversation()).getAllByRole('listitem');
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: /Excluir/ })).toBeNull();
    fireEvent.click(
      within(items[2] as HTMLElement).getByRole('button', { name: 'Excluir mensagem de 10/03/2026 11:04' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Excluir mensagem' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(within(conversation()).queryByText('Segue o exame.')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/telemedicina/mensagem/3',
    ]);
  });

  it("loads older messages with 'Carregar mensagens anteriores'", async () => {
    const { calls } = chatApi(
      makeChat({ mensagens: mensagens.slice(2), has_more: true }),
      mensagens.slice(0, 2),
    );
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Carregar mensagens anteriores' }));
    expect(await within(conversation()).findByText('Oi, doutora.')).not.toBeNull();
    expect(within(conversation()).getAllByRole('listitem')).toHaveLength(6);
    expect(within(conversation()).getAllByRole('listitem')[0]?.textContent).toContain('Oi, doutora.');
    expect(calls.some((c) => c.url === '/api/telemedicina/atendimento/40/mensagens?before=3')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Carregar mensagens anteriores' })).toBeNull();
  });

  it('sends a PDF as type F and a cropped image as a JPEG of type I', async () => {
    const { calls } = chatApi(makeChat({ mensagens: [] }));
    const { container } = renderChat();
    await screen.findByText('Nenhuma mensagem ainda.');
    const input = () => container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input().getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,application/pdf');

    fireEvent.change(input(), {
      target: { files: [new File(['%PDF-1.7'], 'laudo.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(conversation()).findByText('laudo.pdf')).not.toBeNull();

    fireEvent.change(input(), {
      target: { files: [new File([new Uint8Array(500)], 'foto.png', { type: 'image/png' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar imagem' }));
    expect(await within(conversation()).findByRole('img', { name: 'Imagem foto.jpg' })).not.toBeNull();

    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as FormData);
    expect(posts.map((form) => [form.get('type'), (form.get('content') as File).name])).toEqual([
      ['F', 'laudo.pdf'],
      ['I', 'foto.jpg'],
    ]);
    expect(vi.mocked(cropToJpeg)).toHaveBeenCalledTimes(1);
  });

  it("refuses a file over 2 MB with 'O arquivo deve ter no máximo 2MB' and sends nothing", async () => {
    const { calls } = chatApi(makeChat({ mensagens: [] }));
    const { container } = renderChat();
    await screen.findByText('Nenhuma mensagem ainda.');
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grande.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(FILE_TOO_LARGE_MESSAGE)).not.toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of a message (422) and keeps the text", async () => {
    stubApi(({ url, method }) => {
      if (url === '/api/telemedicina/atendimento/40' && method === 'GET') return jsonResponse(makeChat());
      if (method === 'POST')
        return jsonResponse({ message: M.content, errors: { content: [M.content] } }, 422);
      return undefined;
    });
    renderChat();
    const box = (await screen.findByRole('textbox', { name: 'Mensagem' })) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText(M.content)).not.toBeNull();
    expect(box.value).toBe('oi');
  });

  it('is read-only when ended: no composer, no attach, no delete', async () => {
    chatApi(
      makeChat({ mensagens: mensagens.slice(0, 3), atendimento: makeAtendimento(40, { status: 'E' }) }),
    );
    renderChat();
    expect(await screen.findByText(`${M.ended}. Não é possível enviar novas mensagens.`)).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anexar imagem ou PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Excluir mensagem/ })).toBeNull();
  });

  it("shows 'Atendimento encerrado devido ao tempo de inatividade.' for ET", async () => {
    chatApi(makeChat({ atendimento: makeAtendimento(40, { status: 'ET' }) }));
    renderChat();
    expect(await screen.findByText(M.inactivity)).not.toBeNull();
    expect(screen.getByText('Encerrado por inatividade')).not.toBeNull();
  });

  it('opens the subscription-lock dialog pointing to /planos when the chat is locked', async () => {
    chatApi(makeChat({ lock: true, mensagens: mensagens.slice(0, 2) }));
    renderChat();
    const dialog = await screen.findByRole('dialog', { name: 'Assine para continuar' });
    expect(dialog.textContent).toContain(M.lockedChat);
    expect(within(dialog).getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agora não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
  });

  it("answers 404 with 'Atendimento não encontrado'", async () => {
    stubApi(() => jsonResponse({ message: M.notFound }, 404));
    renderChat(99);
    expect(await screen.findByRole('heading', { level: 1, name: M.notFound })).not.toBeNull();
  });
});

describe('the chat as the doctor (issue 6 doctor area)', { timeout: 15_000 }, () => {
  const medicoChat = () =>
    makeChat({
      role: 'medico',
      user: { ...makeChat().user, id: 9, name: 'Fernanda Gonçalves Lima' },
      medico: makeMedico(7),
      paciente: makePaciente({ id: 1 }),
      mensagens: mensagens.slice(0, 3),
    });

  it('shows the patient with their code, goes back to the session list, and sees its own side as M', async () => {
    const { calls } = chatApi(medicoChat());
    renderChat(40, '/medico/atendimento');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).not.toBeNull();
    expect(screen.getByText('Código 123 AB 456')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para os atendimentos' }).getAttribute('href')).toBe(
      '/medico/atendimentos',
    );
    const items = within(conversation()).getAllByRole('listitem');
    expect(items.map((li) => li.hasAttribute('data-own'))).toEqual([false, true, false]);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
        '/api/telemedicina/mensagem/3',
      ]),
    );
  });

  it("ends the session after confirmation ('Encerrar atendimento')", async () => {
    const { calls } = chatApi(medicoChat());
    renderChat(40, '/medico/atendimento');
    fireEvent.click(await screen.findByRole('button', { name: 'Encerrar atendimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar atendimento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText(`${M.ended}. Não é possível enviar novas mensagens.`)).not.toBeNull();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/medico/atendimento/40/encerrar')).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Encerrar atendimento' })).toBeNull();
  });

  it('blocks the patient after confirmation and unblocks at once', async () => {
    const { calls } = chatApi(medicoChat());
    renderChat(40, '/medico/atendimento');
    fireEvent.click(await screen.findByRole('button', { name: 'Bloquear paciente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear paciente' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText(M.blocked)).not.toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Desbloquear paciente' }));
    expect(await screen.findByText(M.unblocked)).not.toBeNull();
    expect(await screen.findByRole('button', { name: 'Bloquear paciente' })).not.toBeNull();
    expect(calls.filter((c) => c.url === '/api/medico/bloqueio/1').map((c) => c.body)).toEqual([
      { bloqueado: true },
      { bloqueado: false },
    ]);
  });
});
