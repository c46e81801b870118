import type { Server as HttpServer } from 'node:http';
import {
  atendimentoRoom,
  type ClientToServerEvents,
  type JoinAck,
  type ServerToClientEvents,
  TELEMEDICINA_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
  userRoom,
} from '@pulso/domain';
import { and, eq, or } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { atendimentos, medicos } from '../db/schema/index.ts';
import { resolveSession } from '../modules/auth/auth.service.ts';

/** What the server keeps about an authenticated socket. */
interface SocketData {
  userId: number;
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Path of the Socket.IO endpoint, beside the API. */
export const REALTIME_PATH = '/api/socket.io';

/**
 * Realtime delivery (ARCHITECTURE.md "Realtime"): Socket.IO on the API's
 * HTTP server. A socket authenticates with the bearer token
 * (`auth: {token}`), is put in `user.{id}` and may join `atendimento.{id}`
 * only as that session's patient or doctor.
 */
export interface Realtime {
  /** Attaches to the HTTP server the app listens on (`buildApp` calls it). */
  attach(server: HttpServer): void;
  /**
   * Emits one event to several rooms at once, so a socket in more than one of
   * them receives it once; with an adapter (Redis) on every node.
   */
  emit<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Whether the user has at least one socket open, on any node. */
  isOnline(userId: number): Promise<boolean>;
  /** Closes this node's sockets and the adapter's connections; the HTTP server is left to Fastify. */
  close(): Promise<void>;
  /** The Socket.IO server, for adapters and tests. */
  readonly io: RealtimeServer;
}

/**
 * Whether `userId` is the patient or the doctor of session `atendimentoId`
 * (the only two accounts that may hear `atendimento.{id}`).
 */
export async function isParticipant(db: Db, atendimentoId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: atendimentos.id })
    .from(atendimentos)
    .innerJoin(medicos, eq(medicos.id, atendimentos.medico_id))
    .where(
      and(
        eq(atendimentos.id, atendimentoId),
        or(eq(atendimentos.user_id, userId), eq(medicos.user_id, userId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Options of {@link createRealtime}. */
export interface RealtimeOptions {
  db: Db;
  /** Milliseconds a cross-node `isOnline` waits for the other nodes. */
  requestTimeoutMs?: number;
}

/**
 * Builds the realtime server. Without an adapter it delivers in-process (the
 * embedded default); `io.adapter(...)` fans out across nodes.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const { db } = options;
  const io: RealtimeServer = new Server({
    path: REALTIME_PATH,
    serveClient: false,
    // Same origin as the SPA: no cross-origin sockets.
    cors: undefined,
  });

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    const session = token ? await resolveSession(db, token).catch(() => null) : null;
    if (!session) return next(new Error(UNAUTHENTICATED_MESSAGE));
    socket.data.userId = session.userId;
    next();
  });

  io.on('connection', (socket: RealtimeSocket) => {
    void socket.join(userRoom(socket.data.userId));
    socket.on('atendimento.join', async (atendimentoId, ack) => {
      const reply: (answer: JoinAck) => void = typeof ack === 'function' ? ack : () => {};
      if (!Number.isSafeInteger(atendimentoId) || atendimentoId <= 0) {
        reply({ ok: false, message: TELEMEDICINA_MESSAGES.notFound });
        return;
      }
      const allowed = await isParticipant(db, atendimentoId, socket.data.userId).catch(() => false);
      if (!allowed) {
        reply({ ok: false, message: TELEMEDICINA_MESSAGES.notFound });
        return;
      }
      await socket.join(atendimentoRoom(atendimentoId));
      reply({ ok: true });
    });
    socket.on('atendimento.leave', (atendimentoId) => {
      if (Number.isSafeInteger(atendimentoId)) void socket.leave(atendimentoRoom(atendimentoId));
    });
  });

  return {
    io,
    attach(server) {
      io.attach(server);
    },
    emit(rooms, event, ...args) {
      if (rooms.length === 0) return;
      io.to(rooms).emit(event, ...args);
    },
    async isOnline(userId) {
      const sockets = await io
        .in(userRoom(userId))
        .timeout(options.requestTimeoutMs ?? 2000)
        .fetchSockets()
        .catch(() => []);
      return sockets.length > 0;
    },
    async close() {
      // Not `io.close()`: that also closes the HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine?.close();
      await io.of('/').adapter.close();
    },
  };
}
