import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets, lastFakeSocket } from '../test/fake-socket.ts';
import {
  REALTIME_PATH,
  REALTIME_REFUSED_RETRY_MS,
  useAtendimentoRoom,
  useRealtimeSocket,
} from './realtime.ts';
import { clearToken, setToken } from './token.ts';

afterEach(() => {
  vi.useRealTimers();
});

function Holder() {
  const socket = useRealtimeSocket();
  return <p>{socket ? 'com socket' : 'sem socket'}</p>;
}

function Room({ id }: { id: number }) {
  const room = useAtendimentoRoom(id);
  return <p>{room.state === 'refused' ? `recusado: ${room.message}` : room.state}</p>;
}

/** Lets queued microtasks (the fake server's acks) and effects run. */
async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('the realtime connection (docs/architecture.md "Realtime and jobs across nodes")', () => {
  it('opens one WebSocket-only socket at /api/socket.io with the stored token, shared by every holder', async () => {
    setToken('token-da-ana');
    render(
      <>
        <Holder />
        <Holder />
      </>,
    );
    expect(await screen.findAllByText('com socket')).toHaveLength(2);
    expect(fakeSockets).toHaveLength(1);
    const socket = lastFakeSocket();
    expect(socket.options).toMatchObject({
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: true,
    });
    expect(REALTIME_PATH).toBe('/api/socket.io');
    expect(socket.authToken()).toBe('token-da-ana');
  });

  it('opens nothing without a token and closes the socket when the token goes (logout, 401)', async () => {
    render(<Holder />);
    expect(screen.getByText('sem socket')).not.toBeNull();
    expect(fakeSockets).toHaveLength(0);

    act(() => setToken('t1'));
    expect(await screen.findByText('com socket')).not.toBeNull();
    const socket = lastFakeSocket();
    expect(socket.disconnected).toBe(false);

    vi.useFakeTimers();
    act(() => clearToken());
    expect(screen.getByText('sem socket')).not.toBeNull();
    act(() => vi.runAllTimers());
    expect(socket.disconnected).toBe(true);
  });

  it('opens a new socket for another account', async () => {
    setToken('t1');
    render(<Holder />);
    await screen.findByText('com socket');
    const first = lastFakeSocket();
    act(() => setToken('t2'));
    await flush();
    expect(fakeSockets).toHaveLength(2);
    expect(first.disconnected).toBe(true);
    expect(lastFakeSocket().authToken()).toBe('t2');
  });

  it('tries again later after the server refused the token', async () => {
    setToken('t1');
    render(<Holder />);
    await screen.findByText('com socket');
    const socket = lastFakeSocket();
    vi.useFakeTimers();
    act(() => socket.refuse());
    expect(socket.connected).toBe(false);
    act(() => vi.advanceTimersByTime(REALTIME_REFUSED_RETRY_MS));
    expect(socket.connected).toBe(true);
  });
});

describe('useAtendimentoRoom', () => {
  it('joins atendimento.{id} once connected, again after a reconnection, and leaves on unmount', async () => {
    setToken('t1');
    const { unmount } = render(<Room id={40} />);
    await flush();
    const socket = lastFakeSocket();
    expect(socket.sent).toEqual([]);

    act(() => {
      socket.connect();
    });
    await flush();
    expect(screen.getByText('joined')).not.toBeNull();
    expect(socket.sent).toEqual([{ event: 'atendimento.join', args: [40] }]);

    act(() => socket.drop());
    act(() => {
      socket.connect();
    });
    await flush();
    expect(socket.sent.filter((s) => s.event === 'atendimento.join')).toHaveLength(2);

    unmount();
    expect(socket.sent.at(-1)).toEqual({ event: 'atendimento.leave', args: [40] });
    expect(socket.listenerCount('connect')).toBe(0);
  });

  it("shows the server's refusal", async () => {
    setToken('t1');
    render(<Room id={41} />);
    await flush();
    const socket = lastFakeSocket();
    socket.joinAnswer = { ok: false, message: 'Atendimento não encontrado' };
    act(() => {
      socket.connect();
    });
    await flush();
    expect(screen.getByText('recusado: Atendimento não encontrado')).not.toBeNull();
  });
});
