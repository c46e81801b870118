import { randomUUID } from 'node:crypto';
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
import { sql } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import type { Database } from '../db/client.ts';
import { connectAdapter } from './realtime-redis.ts';
import { closeRedis } from './redis.ts';

/** What the server keeps about an authenticated socket. */
interface SocketData {
  userId: number;
  sessionId: number;
}

/** Room of the sockets opened with one sign-in session's token, closed when it is revoked. */
function sessionRoom(sessionId: number): string {
  return `session.${sessionId}`;
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Path of the Socket.IO endpoint, beside the API. */
export const REALTIME_PATH = '/api/socket.io';

/**
 * Realtime delivery
 * (docs/architecture.md "Realtime and jobs across nodes"): Socket.IO on
 * the API's HTTP server. A socket authenticates with the bearer token
 * (`auth: {token}`), is put in `user.{id}` and may join `atendimento.{id}`
 * only as that session's patient or doctor.
 */
export interface Realtime {
  /**
   * Attaches to the HTTP server the app listens on (`buildApp` calls it,
   * with the app's logger: Redis trouble is then logged through it, unless
   * `createRealtime` was given a `log` of its own).
   */
  attach(server: HttpServer, log?: RealtimeLog): void;
  /**
   * Emits one event to several rooms at once, so a socket in more than one of
   * them receives it once; with an adapter (Redis) on every node.
   */
  emit<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Whether the user has at least one socket open, on any node. A socket on
   * this node answers at once; otherwise the other nodes are asked through
   * Redis, and when they cannot be asked in time, or Redis is down, the
   * answer is `false` (at once during an outage): a push too many rather than
   * a message missed.
   */
  isOnline(userId: number): Promise<boolean>;
  /**
   * Disconnects, on every node, the sockets opened with revoked sign-in
   * sessions: `sessionId` one session (logout); `userId` all of that user's,
   * but `exceptSessionId` (password change keeps the current one). A revoked
   * token must stop hearing the user's chats at once, not at its next connect.
   * This node's sockets are closed directly, the other nodes' through Redis
   * (during an outage only this node's: docs/resilience.md "Redis down"); it
   * never waits on Redis.
   */
  endSessions(which: { sessionId: number } | { userId: number; exceptSessionId?: number }): Promise<void>;
  /** Closes this node's sockets and the adapter's connections; the HTTP server is left to Fastify. */
  close(): Promise<void>;
  /** Sockets open on this node (the metrics' `pulso_realtime_sockets`). */
  socketCount(): number;
  /** The Socket.IO server, for adapters and tests. */
  readonly io: RealtimeServer;
}

/** Where the realtime layer reports trouble (a pino logger fits). */
export interface RealtimeLog {
  warn(obj: object, msg: string): void;
}

/**
 * What the realtime layer asks the modules, which own the rules: who is
 * behind a handshake token, and who may hear a care session's room. Built by
 * `realtimeAccess` (realtime-access.ts) from the auth and telemedicina modules.
 */
export interface RealtimeAccess {
  /** The live session behind a bearer token, or null (unknown, revoked, expired). */
  session(token: string): Promise<{ sessionId: number; userId: number } | null>;
  /** Whether `userId` may hear `atendimento.{atendimentoId}`. */
  mayHearAtendimento(atendimentoId: number, userId: number): Promise<boolean>;
}

/** Options of {@link createRealtime}. */
export interface RealtimeOptions {
  access: RealtimeAccess;
  /**
   * Fan-out across API nodes through Redis (`REDIS_URL`;
   * docs/architecture.md "Realtime and jobs across nodes"): `url` of the
   * Redis server, `key` the prefix of the pub/sub channels, the same on
   * every node of one deployment (see {@link realtimeRedisKey}). Without it
   * delivery stays in-process (the embedded default).
   */
  redis?: { url: string; key: string };
  /**
   * Milliseconds a cross-node question (`isOnline`) waits for the other
   * nodes; past it the answer is "offline", so that a push goes out. Default 2000.
   */
  requestTimeoutMs?: number;
  /** Where Redis connection errors go; default stderr. */
  log?: RealtimeLog;
}

const stderrLog: RealtimeLog = {
  warn: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 40, ...obj, msg })}\n`),
};

/**
 * The channel prefix of the Redis adapter for a database: nodes of one
 * deployment share their database, so the prefix is taken from it. On
 * PostgreSQL it is `pulso-io:` plus `current_database()` (what the server
 * itself reports, whatever host or pooler a node connects through), so that
 * two deployments or test runs on one Redis never hear each other's rooms.
 * A PGlite database belongs to one process: its prefix is unique to it.
 */
export async function realtimeRedisKey(database: Database): Promise<string> {
  if (database.kind === 'pglite') return `pulso-io:pglite:${randomUUID()}`;
  const result = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
  if (!name) throw new Error('current_database() answered nothing');
  return `pulso-io:${name}`;
}

/**
 * Builds the realtime server. Without `redis` it delivers in-process (the
 * embedded default); with it, through the Socket.IO Redis adapter, so that an
 * event emitted on one node reaches sockets on every node and `isOnline` asks
 * them all.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const { access } = options;
  let currentLog = options.log ?? stderrLog;
  // The adapter's connections report through whatever logger is current (see `attach`).
  const log: RealtimeLog = { warn: (obj, msg) => currentLog.warn(obj, msg) };
  const requestTimeoutMs = options.requestTimeoutMs ?? 2000;
  const io: RealtimeServer = new Server({
    path: REALTIME_PATH,
    serveClient: false,
    // Same origin as the SPA: no cross-origin sockets.
    cors: undefined,
  });

  const redis = options.redis ? connectAdapter(io, options.redis, requestTimeoutMs, log) : null;

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    const session = token ? await access.session(token).catch(() => null) : null;
    if (!session) return next(new Error(UNAUTHENTICATED_MESSAGE));
    socket.data.userId = session.userId;
    socket.data.sessionId = session.sessionId;
    next();
  });

  io.on('connection', (socket: RealtimeSocket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
    socket.on('atendimento.join', async (atendimentoId, ack) => {
      const reply: (answer: JoinAck) => void = typeof ack === 'function' ? ack : () => {};
      if (!Number.isSafeInteger(atendimentoId) || atendimentoId <= 0) {
        reply({ ok: false, message: TELEMEDICINA_MESSAGES.notFound });
        return;
      }
      const allowed = await access.mayHearAtendimento(atendimentoId, socket.data.userId).catch(() => false);
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
    attach(server, appLog) {
      if (appLog && !options.log) currentLog = appLog;
      io.attach(server);
    },
    emit(rooms, event, ...args) {
      if (rooms.length === 0) return;
      io.to(rooms).emit(event, ...args);
    },
    async isOnline(userId) {
      const room = userRoom(userId);
      // A socket on this node answers at once, without asking the others.
      if ((await io.local.in(room).fetchSockets()).length > 0) return true;
      // During an outage no other node can be asked: no request waits on a dead Redis.
      if (redis?.pub.status !== 'ready') return false;
      // The adapter waits `requestsTimeout` for the other nodes, but only once Redis answered how
      // many there are: the outer timer bounds a Redis outage too. Unknown counts as offline.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<[]>((resolve) => {
        timer = setTimeout(() => resolve([]), requestTimeoutMs + 500);
      });
      const sockets = await Promise.race([
        io
          .in(room)
          .fetchSockets()
          .catch((error: unknown) => {
            log.warn({ err: error }, 'realtime: could not ask the other nodes who is online');
            return [];
          }),
        timeout,
      ]).finally(() => clearTimeout(timer));
      return sockets.length > 0;
    },
    async endSessions(which) {
      const room = 'sessionId' in which ? sessionRoom(which.sessionId) : userRoom(which.userId);
      const kept =
        'userId' in which && which.exceptSessionId !== undefined ? [sessionRoom(which.exceptSessionId)] : [];
      // This node's sockets directly: with the Redis adapter a broadcast disconnect reaches even this node only
      // through Redis, which an outage would leave a revoked token listening.
      io.local.in(room).except(kept).disconnectSockets(true);
      // The other nodes through the adapter (a publish: it fails fast, and is dropped, while Redis is down).
      if (redis) io.in(room).except(kept).disconnectSockets(true);
    },
    socketCount: () => io.engine?.clientsCount ?? 0,
    async close() {
      // Not `io.close()`: that also closes the HTTP server, which Fastify closes itself. Nor a disconnect
      // of each socket: the browser takes that ('io server disconnect') as final and stays offline, where a
      // closed connection ('transport close') makes it reconnect — to another node behind the balancer
      // (docs/operations-and-faults.md "Stopping a node").
      io.engine?.close();
      await io.of('/').adapter.close();
      if (redis) await Promise.all([closeRedis(redis.pub), closeRedis(redis.sub)]);
    },
  };
}
