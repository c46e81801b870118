import type { ChatRole } from '@pulso/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/router.tsx';
import { type FakeSocket, lastFakeSocket } from '../test/fake-socket.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { stubApi } from '../test/stub-api.ts';
import { makeAtendimento, makeMensagem, makePaciente } from '../test/telemedicina-fixtures.ts';
import { makeUserView } from '../test/users.ts';
import { setToken } from './token.ts';

afterEach(() => vi.unstubAllGlobals());

/**
 * The shell on a page that asks nothing else, with `GET /api/user` answering
 * `mensagens` and each session's chat answering the caller's role.
 */
function renderShell(mensagens: number, roles: Record<number, ChatRole>) {
  setToken('t');
  const api = stubApi(({ url }) => {
    if (url === '/api/user') return jsonResponse({ user: makeUserView(), mensagens });
    const chat = /^\/api\/telemedicina\/atendimento\/(\d+)$/.exec(url);
    const role = chat ? roles[Number(chat[1])] : undefined;
    if (role) return jsonResponse({ role });
    return undefined;
  });
  renderRoutes(routes, '/dicas');
  return api;
}

/**
 * Waits until the Telemedicina tab's accessible name is `name` (the count is in it,
 * docs/architecture.md "Shell").
 */
async function expectTabName(name: string) {
  const tabs = await screen.findByRole('navigation', { name: 'Seções' }, { timeout: 5000 });
  await waitFor(() => expect(within(tabs).queryByRole('link', { name })).not.toBeNull(), { timeout: 3000 });
}

/** The shell's socket, once the user loaded, connected. */
async function connected(): Promise<FakeSocket> {
  let socket: FakeSocket | undefined;
  await waitFor(() => {
    socket = lastFakeSocket();
  });
  act(() => {
    socket?.connect();
  });
  return socket as FakeSocket;
}

function sent(socket: FakeSocket, atendimento_id: number, id: number, from: 'U' | 'M') {
  act(() =>
    socket.serverEmit('message.sent', {
      atendimento_id,
      mensagem: makeMensagem(id, { atendimento_id, from }),
    }),
  );
}

describe('Telemedicina unread counter (docs/architecture.md "Unread counter")', { timeout: 15_000 }, () => {
  it('rises for messages to the patient, not for their own, and asks a new session’s side once', async () => {
    const { calls } = renderShell(2, { 40: 'paciente' });
    await expectTabName('Telemedicina, 2 mensagens novas');
    const socket = await connected();

    sent(socket, 40, 101, 'M');
    await expectTabName('Telemedicina, 3 mensagens novas');
    sent(socket, 40, 102, 'M');
    await expectTabName('Telemedicina, 4 mensagens novas');
    // The patient's own message, from another device: not addressed to them.
    sent(socket, 40, 103, 'U');
    // The same event twice (user room and session room on an old server): counted once.
    sent(socket, 40, 102, 'M');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expectTabName('Telemedicina, 4 mensagens novas');
    expect(calls.filter((c) => c.url === '/api/telemedicina/atendimento/40')).toHaveLength(1);
  });

  it('falls on read and on deleting an unread message, never below 0', async () => {
    renderShell(1, { 40: 'paciente' });
    await expectTabName('Telemedicina, 1 mensagem nova');
    const socket = await connected();

    act(() =>
      socket.serverEmit('message.read', {
        atendimento_id: 40,
        id: 90,
        from: 'M',
        read_at: '2026-03-10T15:00:00Z',
      }),
    );
    await expectTabName('Telemedicina');
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    act(() =>
      socket.serverEmit('message.read', {
        atendimento_id: 40,
        id: 91,
        from: 'M',
        read_at: '2026-03-10T15:00:00Z',
      }),
    );
    act(() =>
      socket.serverEmit('message.deleted', { atendimento_id: 40, id: 92, from: 'M', was_unread: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expectTabName('Telemedicina');

    sent(socket, 40, 93, 'M');
    await expectTabName('Telemedicina, 1 mensagem nova');
    // A read message deleted, and the doctor reading the patient's message: nothing changes.
    act(() =>
      socket.serverEmit('message.deleted', { atendimento_id: 40, id: 80, from: 'M', was_unread: false }),
    );
    act(() =>
      socket.serverEmit('message.read', {
        atendimento_id: 40,
        id: 81,
        from: 'U',
        read_at: '2026-03-10T15:00:00Z',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expectTabName('Telemedicina, 1 mensagem nova');
    act(() =>
      socket.serverEmit('message.deleted', { atendimento_id: 40, id: 93, from: 'M', was_unread: true }),
    );
    await expectTabName('Telemedicina');
  });

  it('counts the patients’ messages in a session where the account is the doctor', async () => {
    renderShell(0, { 50: 'medico' });
    await expectTabName('Telemedicina');
    const socket = await connected();
    sent(socket, 50, 201, 'M');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expectTabName('Telemedicina');
    sent(socket, 50, 202, 'U');
    await expectTabName('Telemedicina, 1 mensagem nova');
  });

  it('learns the side from atendimento.updated without asking', async () => {
    const { calls } = renderShell(0, {});
    await expectTabName('Telemedicina');
    const socket = await connected();
    act(() =>
      socket.serverEmit('atendimento.updated', {
        atendimento: makeAtendimento(60, { paciente: makePaciente({ id: 1 }) }),
      }),
    );
    sent(socket, 60, 301, 'M');
    // An A session of the user's own is a doctor's acceptance: one answer to open, besides the message.
    await expectTabName('Telemedicina, 1 mensagem nova e 1 resposta de médico');
    expect(calls.some((c) => c.url === '/api/telemedicina/atendimento/60')).toBe(false);
  });

  it('leaves the count alone when the session cannot be read', async () => {
    renderShell(3, {});
    await expectTabName('Telemedicina, 3 mensagens novas');
    const socket = await connected();
    sent(socket, 70, 401, 'M');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expectTabName('Telemedicina, 3 mensagens novas');
  });

  it('reads the count again after a reconnection and after the server refused the socket', async () => {
    const { calls } = renderShell(0, {});
    const socket = await connected();
    const userReads = () => calls.filter((c) => c.url === '/api/user').length;
    await waitFor(() => expect(userReads()).toBe(1));
    act(() => socket.drop());
    act(() => {
      socket.connect();
    });
    await waitFor(() => expect(userReads()).toBe(2));
    act(() => socket.refuse());
    await waitFor(() => expect(userReads()).toBe(3));
  });
});
