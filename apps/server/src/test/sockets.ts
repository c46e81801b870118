import type { ClientToServerEvents, JoinAck, ServerToClientEvents } from '@pulso/domain';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '../platform/realtime.ts';

/** A browser's Socket.IO connection to the API, as the SPA opens it. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Connects to the realtime endpoint of `origin` (`http://127.0.0.1:<port>`)
 * with `token` (`auth: {token}`; none when `null`); resolves once connected,
 * rejects with the server's refusal (`connect_error`). No reconnection: a
 * test sees every refusal. Close it with `disconnect()`.
 */
export function connectSocket(origin: string, token: string | null): Promise<ClientSocket> {
  const socket: ClientSocket = io(origin, {
    path: REALTIME_PATH,
    auth: token === null ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** Asks to join `atendimento.{id}`; answers the server's acknowledgement. */
export function joinAtendimento(socket: ClientSocket, atendimentoId: number): Promise<JoinAck> {
  return new Promise((resolve) => socket.emit('atendimento.join', atendimentoId, resolve));
}

/**
 * Records every payload of `event` the socket receives, in order. `next()`
 * resolves with the first payload not yet taken (waiting up to `timeoutMs`).
 */
export function recordEvents<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  type Payload = Parameters<ServerToClientEvents[E]>[0];
  const received: Payload[] = [];
  const waiters: ((payload: Payload) => void)[] = [];
  let taken = 0;
  const listener = ((payload: Payload) => {
    received.push(payload);
    const waiter = waiters.shift();
    if (waiter) {
      taken += 1;
      waiter(payload);
    }
  }) as ServerToClientEvents[E];
  (socket.on as (e: E, l: ServerToClientEvents[E]) => void)(event, listener);
  return {
    received,
    next(timeoutMs = 5000): Promise<Payload> {
      if (taken < received.length) {
        const payload = received[taken] as Payload;
        taken += 1;
        return Promise.resolve(payload);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(new Error(`no ${event} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (payload: Payload) => {
          clearTimeout(timer);
          resolve(payload);
        };
        waiters.push(waiter);
      });
    },
  };
}
