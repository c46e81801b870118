import type { ClientToServerEvents, JoinAck, ServerToClientEvents } from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getToken, useToken } from './token.ts';

/**
 * Path of the API's Socket.IO endpoint (same origin as the SPA;
 * docs/architecture.md "Realtime and jobs across nodes").
 */
export const REALTIME_PATH = '/api/socket.io';

/** Pause before trying again after the server refused the handshake, in ms. */
export const REALTIME_REFUSED_RETRY_MS = 10_000;

/** The typed socket of a signed-in session: server events from `events.ts`, joins to session rooms. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Connection {
  token: string;
  socket: RealtimeSocket;
  users: number;
  /** Pending close after the last user left (cancelled when one comes back, as StrictMode does). */
  closeTimer: number | undefined;
  retryTimer: number | undefined;
}

let connection: Connection | null = null;
let refusedListener: () => void = () => {};

/**
 * What to do when the server refuses the socket's token (the session ended
 * elsewhere): the app reads the user again, so that the REST 401 rule
 * (docs/architecture.md "Session and the 401 rule") logs out when the
 * token is really dead.
 */
export function onRealtimeRefused(listener: () => void): void {
  refusedListener = listener;
}

/**
 * One socket per signed-in session: the token goes in the handshake's
 * `auth` (read anew on every reconnection), only the WebSocket transport is
 * used — no HTTP long-polling, so several API nodes need no sticky sessions —
 * and the client reconnects on its own after network drops or a server restart.
 */
function openSocket(token: string): Connection {
  const socket: RealtimeSocket = io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: (send) => send({ token: getToken() ?? token }),
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });
  const opened: Connection = { token, socket, users: 0, closeTimer: undefined, retryTimer: undefined };
  socket.on('connect_error', () => {
    // `active` stays true for network trouble (the client retries); false when the server refused the token.
    if (socket.active) return;
    refusedListener();
    window.clearTimeout(opened.retryTimer);
    opened.retryTimer = window.setTimeout(() => {
      if (connection === opened && !socket.connected) socket.connect();
    }, REALTIME_REFUSED_RETRY_MS);
  });
  return opened;
}

function close(target: Connection): void {
  window.clearTimeout(target.closeTimer);
  window.clearTimeout(target.retryTimer);
  target.socket.removeAllListeners();
  target.socket.disconnect();
  if (connection === target) connection = null;
}

/**
 * Takes a share of the session's socket, opening it for `token` (and
 * closing one opened for another token). Give it back with {@link releaseRealtime}.
 */
export function acquireRealtime(token: string): RealtimeSocket {
  if (connection && connection.token !== token) close(connection);
  if (!connection) connection = openSocket(token);
  window.clearTimeout(connection.closeTimer);
  connection.closeTimer = undefined;
  connection.users += 1;
  return connection.socket;
}

/** Gives back a share of the socket; the last one out closes it (on the next tick). */
export function releaseRealtime(socket: RealtimeSocket): void {
  const current = connection;
  if (!current || current.socket !== socket) return;
  current.users = Math.max(0, current.users - 1);
  if (current.users > 0) return;
  current.closeTimer = window.setTimeout(() => {
    if (current.users === 0) close(current);
  }, 0);
}

/** Closes the session's socket now (logout, tests). */
export function closeRealtime(): void {
  if (connection) close(connection);
}

/**
 * The signed-in session's socket, or `null` without a token. Holding it
 * keeps the connection open; a logout or a 401 clears the token, which
 * closes it.
 */
export function useRealtimeSocket(): RealtimeSocket | null {
  const token = useToken();
  const [held, setHeld] = useState<{ token: string; socket: RealtimeSocket } | null>(null);
  useEffect(() => {
    if (token === null) return;
    const socket = acquireRealtime(token);
    setHeld({ token, socket });
    return () => {
      releaseRealtime(socket);
      setHeld(null);
    };
  }, [token]);
  return held !== null && held.token === token ? held.socket : null;
}

/**
 * Calls `handler` for each `event` the server sends on the session's socket
 * (the latest `handler` given; no re-subscription on every render).
 */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const socket = useRealtimeSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: unknown[]) =>
      (latest.current as (...a: unknown[]) => void)(...args)) as ServerToClientEvents[E];
    // socket.io's overloads do not narrow a generic event name.
    const on = socket.on.bind(socket) as (e: E, l: ServerToClientEvents[E]) => void;
    const off = socket.off.bind(socket) as (e: E, l: ServerToClientEvents[E]) => void;
    on(event, listener);
    return () => off(event, listener);
  }, [socket, event]);
}

/**
 * Calls `handler` each time the socket connects again after having been
 * connected (events may have been missed meanwhile: read the data again).
 */
export function useRealtimeReconnect(handler: () => void): void {
  const socket = useRealtimeSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    let seen = socket.connected;
    const onConnect = () => {
      if (seen) latest.current();
      seen = true;
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket]);
}

/** Where the join of a session's room stands: asked, granted, or refused with the server's message. */
export type RoomState = { state: 'joining' } | { state: 'joined' } | { state: 'refused'; message: string };

/**
 * Joins `atendimento.{id}` (the session's private room, granted by the
 * server only to its patient and doctor) while mounted, again after every
 * reconnection, and leaves it on unmount. `null` asks nothing.
 */
export function useAtendimentoRoom(atendimentoId: number | null): RoomState {
  const socket = useRealtimeSocket();
  const [room, setRoom] = useState<RoomState>({ state: 'joining' });
  useEffect(() => {
    if (!socket || atendimentoId === null) return;
    let live = true;
    const join = () => {
      setRoom({ state: 'joining' });
      socket.emit('atendimento.join', atendimentoId, (answer: JoinAck) => {
        if (!live) return;
        setRoom(answer.ok ? { state: 'joined' } : { state: 'refused', message: answer.message });
      });
    };
    // Emitting while disconnected would be buffered and then sent twice with the 'connect' below.
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      live = false;
      socket.off('connect', join);
      if (socket.connected) socket.emit('atendimento.leave', atendimentoId);
    };
  }, [socket, atendimentoId]);
  return room;
}
