import type { JoinAck, ServerToClientEvents } from '@pulso/domain';

type Listener = (...args: unknown[]) => void;

/** What a client sent: the event name and its arguments (the ack callback left out). */
export interface SentEvent {
  event: string;
  args: unknown[];
}

/**
 * A stand-in for a socket.io-client `Socket` in unit tests (set up for every
 * web test in `setup.ts`): records what the app emits, answers
 * `atendimento.join` with {@link FakeSocket.joinAnswer}, and lets the test
 * play the server's events with {@link FakeSocket.serverEmit}.
 */
export class FakeSocket {
  readonly options: Record<string, unknown>;
  connected = false;
  active = true;
  disconnected = false;
  readonly sent: SentEvent[] = [];
  /** How the fake server answers a join. */
  joinAnswer: JoinAck = { ok: true };
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(options: Record<string, unknown>) {
    this.options = options;
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : null;
    this.sent.push({ event, args });
    if (event === 'atendimento.join' && ack) {
      const answer = this.joinAnswer;
      queueMicrotask(() => ack(answer));
    }
    return this;
  }

  connect(): this {
    this.connected = true;
    this.disconnected = false;
    this.fire('connect');
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.disconnected = true;
    this.active = false;
    return this;
  }

  /** The token the handshake would carry (the `auth` callback's answer). */
  authToken(): string | undefined {
    let token: string | undefined;
    const auth = this.options.auth as ((send: (data: { token: string }) => void) => void) | undefined;
    auth?.((data) => {
      token = data.token;
    });
    return token;
  }

  /** Plays an event the server sends. */
  serverEmit<E extends keyof ServerToClientEvents>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) {
    this.fire(event, payload);
  }

  /** The connection drops (the client would retry). */
  drop(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The server refuses the handshake's token: no automatic retry (`active` false), `connect_error` fires. */
  refuse(message = 'Sua sessão expirou. Entre novamente.'): void {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  /** How many listeners `event` has (a page that left must have removed its own). */
  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** Every socket the app opened in the current test, oldest first. */
export const fakeSockets: FakeSocket[] = [];

/** The socket the app opened last; throws when none was. */
export function lastFakeSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('the app opened no socket');
  return socket;
}

/** The module `socket.io-client` is replaced with: `io()` opens a {@link FakeSocket}, not yet connected. */
export const fakeSocketIoClient = {
  io: (options: Record<string, unknown>) => {
    const socket = new FakeSocket(options);
    fakeSockets.push(socket);
    return socket;
  },
};
