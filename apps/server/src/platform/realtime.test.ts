import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  atendimentoRoom,
  type MensagemView,
  TELEMEDICINA_MESSAGES,
  UNAUTHENTICATED_MESSAGE,
  userRoom,
} from '@pulso/domain';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { realtimeAccess } from '../realtime-access.ts';
import { createPatient } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { privateRedis } from '../test/redis-server.ts';
import { type ClientSocket, connectSocket, joinAtendimento, recordEvents } from '../test/sockets.ts';
import { createAtendimento, createDoctor } from '../test/telemedicina-factories.ts';
import { createRealtime, type Realtime, type RealtimeLog, realtimeRedisKey } from './realtime.ts';

// The machines and CI run Redis on loopback (README.md "Tests"); vitest.config.ts requires REDIS_URL in CI.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let t: TestApp;
let origin: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** Connects and remembers the socket, so that every test ends with its sockets closed. */
async function connect(at: string, token: string | null): Promise<ClientSocket> {
  const socket = await connectSocket(at, token);
  sockets.push(socket);
  return socket;
}

function mensagem(atendimentoId: number, content: string): MensagemView {
  return {
    id: 1,
    atendimento_id: atendimentoId,
    from: 'M',
    type: 'T',
    content,
    url: null,
    size: null,
    created_at: '2026-11-23T12:00:00.000Z',
    read_at: null,
  };
}

/** A session in A between a new patient and a new doctor, and a third account with no part in it. */
async function session() {
  const paciente = await createPatient(t.app);
  const medico = await createDoctor(t);
  const estranho = await createPatient(t.app);
  const atendimentoId = await createAtendimento(t.database.db, paciente.user.id, medico.medicoId, 'A');
  return { paciente, medico, estranho, atendimentoId };
}

/**
 * Emits `content` to `rooms`, then a sentinel to `userId`'s own room: events
 * from one node arrive in order, so once the sentinel is in, anything of the
 * first emit that the socket was meant to get is in too.
 */
async function emitThenSentinel(
  realtime: Realtime,
  rooms: string[],
  userId: number,
  record: ReturnType<typeof recordEvents<'message.sent'>>,
  content: string,
) {
  realtime.emit(rooms, 'message.sent', { atendimento_id: 1, mensagem: mensagem(1, content) });
  const sentinel = `sentinel ${randomUUID()}`;
  realtime.emit([userRoom(userId)], 'message.sent', { atendimento_id: 1, mensagem: mensagem(1, sentinel) });
  for (;;) {
    const payload = await record.next();
    if (payload.mensagem.content === sentinel) return;
  }
}

const contents = (record: ReturnType<typeof recordEvents<'message.sent'>>) =>
  record.received.map((p) => p.mensagem.content).filter((c) => !c.startsWith('sentinel'));

describe('realtime in-process (the embedded default)', () => {
  it('refuses a socket without a token, with an unknown token and with a signed-out token', async () => {
    await expect(connect(origin, null)).rejects.toThrow(UNAUTHENTICATED_MESSAGE);
    await expect(connect(origin, 'x'.repeat(43))).rejects.toThrow(UNAUTHENTICATED_MESSAGE);
    const p = await createPatient(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: p.auth });
    expect(logout.statusCode).toBeLessThan(300);
    await expect(connect(origin, p.token)).rejects.toThrow(UNAUTHENTICATED_MESSAGE);
    // A live token is let in.
    const q = await createPatient(t.app);
    expect((await connect(origin, q.token)).connected).toBe(true);
  });

  it("delivers the events of the socket's own user.{id} room, and no one else's", async () => {
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    const socketA = await connect(origin, a.token);
    const socketB = await connect(origin, b.token);
    const recordA = recordEvents(socketA, 'message.sent');
    const recordB = recordEvents(socketB, 'message.sent');
    const realtime = t.app.ctx.realtime;

    await emitThenSentinel(realtime, [userRoom(a.user.id)], a.user.id, recordA, 'para A');
    await emitThenSentinel(realtime, [userRoom(a.user.id)], b.user.id, recordB, 'para A de novo');
    expect(contents(recordA)).toEqual(['para A', 'para A de novo']);
    expect(contents(recordB)).toEqual([]);
    expect(recordA.received[0]).toEqual({ atendimento_id: 1, mensagem: mensagem(1, 'para A') });
  });

  it('lets only the patient and the doctor of a session join atendimento.{id}', async () => {
    const { paciente, medico, estranho, atendimentoId } = await session();
    const otherDoctor = await createDoctor(t);
    const notFound = { ok: false, message: TELEMEDICINA_MESSAGES.notFound };

    const stranger = await connect(origin, estranho.token);
    expect(await joinAtendimento(stranger, atendimentoId)).toEqual(notFound);
    const outsider = await connect(origin, otherDoctor.token);
    expect(await joinAtendimento(outsider, atendimentoId)).toEqual(notFound);
    for (const bad of [0, -1, 1.5, 2 ** 53, Number.NaN, 'abc' as unknown as number, atendimentoId + 1000]) {
      expect(await joinAtendimento(stranger, bad), String(bad)).toEqual(notFound);
    }

    const patientSocket = await connect(origin, paciente.token);
    const doctorSocket = await connect(origin, medico.token);
    expect(await joinAtendimento(patientSocket, atendimentoId)).toEqual({ ok: true });
    expect(await joinAtendimento(doctorSocket, atendimentoId)).toEqual({ ok: true });

    // The room's events reach the two who joined and not the ones refused.
    const recordPatient = recordEvents(patientSocket, 'message.sent');
    const recordDoctor = recordEvents(doctorSocket, 'message.sent');
    const recordStranger = recordEvents(stranger, 'message.sent');
    const realtime = t.app.ctx.realtime;
    const room = [atendimentoRoom(atendimentoId)];
    await emitThenSentinel(realtime, room, paciente.user.id, recordPatient, 'na sala');
    await emitThenSentinel(realtime, [], medico.user.id, recordDoctor, 'nada');
    await emitThenSentinel(realtime, [], estranho.user.id, recordStranger, 'nada');
    expect(contents(recordPatient)).toEqual(['na sala']);
    expect(contents(recordDoctor)).toEqual(['na sala']);
    expect(contents(recordStranger)).toEqual([]);

    // Leaving stops them.
    patientSocket.emit('atendimento.leave', atendimentoId);
    await joinAtendimento(patientSocket, atendimentoId + 1000); // a round trip: the leave was handled
    await emitThenSentinel(realtime, room, paciente.user.id, recordPatient, 'depois de sair');
    expect(contents(recordPatient)).toEqual(['na sala']);
  });

  it('delivers an event sent to several rooms a socket is in only once', async () => {
    const { paciente, medico, atendimentoId } = await session();
    const socket = await connect(origin, paciente.token);
    expect(await joinAtendimento(socket, atendimentoId)).toEqual({ ok: true });
    const record = recordEvents(socket, 'message.sent');
    const rooms = [userRoom(paciente.user.id), userRoom(medico.user.id), atendimentoRoom(atendimentoId)];
    await emitThenSentinel(t.app.ctx.realtime, rooms, paciente.user.id, record, 'uma vez');
    expect(contents(record)).toEqual(['uma vez']);
  });

  it('closes the sockets of a revoked token at once: logout, password change (others), account closing', async () => {
    const p = await createPatient(t.app);
    const closed = (socket: ClientSocket) =>
      new Promise<void>((resolve) => {
        if (!socket.connected) resolve();
        else socket.once('disconnect', () => resolve());
      });

    const loggedOut = await connect(origin, p.token);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email, password: p.password },
    });
    expect(second.statusCode).toBe(200);
    const otherToken: string = second.json().token;
    const other = await connect(origin, otherToken);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: p.auth });
    await closed(loggedOut);
    expect(other.connected).toBe(true);

    const third = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: p.user.email, password: p.password },
    });
    const thirdToken: string = third.json().token;
    const kept = await connect(origin, thirdToken);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/password',
      headers: { authorization: `Bearer ${thirdToken}` },
      payload: {
        password_current: p.password,
        password: 'nova-senha-123',
        password_confirmation: 'nova-senha-123',
      },
    });
    expect(changed.statusCode).toBe(200);
    await closed(other);
    expect(kept.connected).toBe(true);

    const closing = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/account/closed',
      headers: { authorization: `Bearer ${thirdToken}` },
      payload: { is_active: false, password: 'nova-senha-123' },
    });
    expect(closing.statusCode).toBe(200);
    await closed(kept);
    expect(await t.app.ctx.realtime.isOnline(p.user.id)).toBe(false);
  });

  it('isOnline: true while the user has a socket open, false once all are closed', async () => {
    const p = await createPatient(t.app);
    const realtime = t.app.ctx.realtime;
    expect(await realtime.isOnline(p.user.id)).toBe(false);
    const first = await connect(origin, p.token);
    const second = await connect(origin, p.token);
    expect(await realtime.isOnline(p.user.id)).toBe(true);
    first.disconnect();
    await waitFor(async () => (await realtime.isOnline(p.user.id)) === true);
    second.disconnect();
    await waitFor(async () => (await realtime.isOnline(p.user.id)) === false);
  });
});

describe('a node that stops', () => {
  it('closes its sockets as a lost connection, which the browser reconnects (never a final server disconnect)', async () => {
    const p = await createPatient(t.app);
    const realtime = createRealtime({ access: realtimeAccess(t.database.db) });
    const server = createServer((_req, res) => res.writeHead(404).end());
    realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = await connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, p.token);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(realtime.socketCount()).toBe(1);
    await realtime.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // socket.io-client reconnects after 'transport close'; after 'io server disconnect' it never does.
    expect(await reason).toBe('transport close');
    expect(realtime.socketCount()).toBe(0);
  });
});

/** Polls `check` every 20 ms until it answers true (5 s at most). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A second API node in this process: its own HTTP server and Socket.IO, the Redis adapter, the same database. */
async function startNode(key: string, url = REDIS_URL, log?: RealtimeLog) {
  const realtime = createRealtime({
    access: realtimeAccess(t.database.db),
    redis: { url, key },
    ...(log ? { log } : {}),
  });
  const server = createServer((_req, res) => res.writeHead(404).end());
  realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    realtime,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('realtime across nodes (REDIS_URL: the Socket.IO Redis adapter)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await redis.quit();
  });

  /** How many nodes listen on the adapter's request channel of `key`. */
  async function nodesOn(key: string): Promise<number> {
    const answer = (await redis.pubsub('NUMSUB', `${key}-request#/#`)) as [string, number];
    return Number(answer[1]);
  }

  it('fans an event emitted on node A out to the sockets on node B, once each', async () => {
    // A key of this test only: other runs sharing this Redis have other user ids 1, 2…
    const key = `pulso-io:test:${randomUUID()}`;
    const [a, b] = [await startNode(key), await startNode(key)];
    try {
      await waitFor(async () => (await nodesOn(key)) === 2);
      const { paciente, medico, estranho, atendimentoId } = await session();
      const patientOnB = await connect(b.origin, paciente.token);
      const doctorOnA = await connect(a.origin, medico.token);
      const strangerOnB = await connect(b.origin, estranho.token);
      expect(await joinAtendimento(patientOnB, atendimentoId)).toEqual({ ok: true });
      expect(await joinAtendimento(strangerOnB, atendimentoId)).toEqual({
        ok: false,
        message: TELEMEDICINA_MESSAGES.notFound,
      });
      const recordPatient = recordEvents(patientOnB, 'message.sent');
      const recordDoctor = recordEvents(doctorOnA, 'message.sent');
      const recordStranger = recordEvents(strangerOnB, 'message.sent');

      const rooms = [userRoom(paciente.user.id), userRoom(medico.user.id), atendimentoRoom(atendimentoId)];
      await emitThenSentinel(a.realtime, rooms, paciente.user.id, recordPatient, 'de A para B');
      await emitThenSentinel(a.realtime, [], medico.user.id, recordDoctor, '-');
      await emitThenSentinel(b.realtime, [], estranho.user.id, recordStranger, '-');
      expect(contents(recordPatient)).toEqual(['de A para B']);
      expect(contents(recordDoctor)).toEqual(['de A para B']);
      expect(contents(recordStranger)).toEqual([]);

      // The session room alone crosses nodes too.
      await emitThenSentinel(
        a.realtime,
        [atendimentoRoom(atendimentoId)],
        paciente.user.id,
        recordPatient,
        'só a sala',
      );
      expect(contents(recordPatient)).toEqual(['de A para B', 'só a sala']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('isOnline on node A sees a socket open on node B, and no longer once it closes', async () => {
    const key = `pulso-io:test:${randomUUID()}`;
    const [a, b] = [await startNode(key), await startNode(key)];
    try {
      await waitFor(async () => (await nodesOn(key)) === 2);
      const p = await createPatient(t.app);
      expect(await a.realtime.isOnline(p.user.id)).toBe(false);
      const onB = await connect(b.origin, p.token);
      expect(await a.realtime.isOnline(p.user.id)).toBe(true);
      expect(await b.realtime.isOnline(p.user.id)).toBe(true);
      onB.disconnect();
      await waitFor(async () => (await a.realtime.isOnline(p.user.id)) === false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('close() unsubscribes and ends both Redis connections of the node', async () => {
    const key = `pulso-io:test:${randomUUID()}`;
    const a = await startNode(key);
    const b = await startNode(key);
    await waitFor(async () => (await nodesOn(key)) === 2);
    // Each node: one connection publishes, one subscribes.
    expect(await clientsOf(key)).toEqual([
      `${key}:publish`,
      `${key}:publish`,
      `${key}:subscribe`,
      `${key}:subscribe`,
    ]);
    await a.close();
    expect(await nodesOn(key)).toBe(1);
    await b.close();
    expect(await nodesOn(key)).toBe(0);
    await waitFor(async () => (await clientsOf(key)).length === 0);
  });

  /** Names of the Redis server's clients that belong to `key`, sorted. */
  async function clientsOf(key: string): Promise<string[]> {
    const list = (await redis.client('LIST')) as string;
    return list
      .split('\n')
      .map((line) => / name=(\S*)/.exec(line)?.[1] ?? '')
      .filter((name) => name.startsWith(`${key}:`))
      .sort();
  }

  it('keeps serving its own sockets while Redis is unreachable, and logs it', async () => {
    const lines: string[] = [];
    // Port 1: nothing listens there; ioredis keeps retrying in the background.
    const realtime = createRealtime({
      access: realtimeAccess(t.database.db),
      redis: { url: 'redis://127.0.0.1:1', key: `pulso-io:test:${randomUUID()}` },
      requestTimeoutMs: 300,
      log: {
        warn: (obj, msg) => {
          const { role, command } = obj as { role?: string; command?: string };
          lines.push([msg, role, command].filter(Boolean).join(' '));
        },
      },
    });
    const server = createServer((_req, res) => res.writeHead(404).end());
    realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const p = await createPatient(t.app);
      const q = await createPatient(t.app);
      const socket = await connect(at, p.token);
      const record = recordEvents(socket, 'message.sent');
      // Delivered locally; the publish to the other nodes fails without ending the process.
      await emitThenSentinel(realtime, [userRoom(p.user.id)], p.user.id, record, 'sem Redis');
      expect(contents(record)).toEqual(['sem Redis']);
      expect(await realtime.isOnline(p.user.id)).toBe(true);
      const started = Date.now();
      expect(await realtime.isOnline(q.user.id)).toBe(false);
      expect(Date.now() - started).toBeLessThan(3000);
      await waitFor(async () => lines.some((l) => l.startsWith('realtime: Redis command failed publish')));
      expect(lines).toContain('realtime: Redis connection failed; retrying publish');
      expect(lines).toContain('realtime: Redis connection failed; retrying subscribe');
    } finally {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps each node delivering to its own sockets through a Redis outage, and across nodes again once it returns', async () => {
    const redis = await privateRedis();
    await redis.start();
    const probe = redis.client();
    const lines: string[] = [];
    const log: RealtimeLog = { warn: (_obj, msg) => lines.push(msg) };
    const key = `pulso-io:test:${randomUUID()}`;
    const [a, b] = [await startNode(key, redis.url, log), await startNode(key, redis.url, log)];
    const subscribed = async () => {
      const answer = (await probe.pubsub('NUMSUB', `${key}-request#/#`).catch(() => [key, 0])) as [
        string,
        number,
      ];
      return Number(answer[1]) === 2;
    };
    try {
      await waitFor(subscribed);
      const onA = await createPatient(t.app);
      const onB = await createPatient(t.app);
      const socketA = await connect(a.origin, onA.token);
      const socketB = await connect(b.origin, onB.token);
      const recordA = recordEvents(socketA, 'message.sent');
      const recordB = recordEvents(socketB, 'message.sent');
      await emitThenSentinel(a.realtime, [userRoom(onB.user.id)], onB.user.id, recordB, 'antes');

      await redis.stop();
      probe.disconnect();
      await waitFor(async () => lines.includes('realtime: Redis connection failed; retrying'));
      // Each node still delivers to its own sockets; what crosses nodes is lost meanwhile, without a crash.
      await emitThenSentinel(a.realtime, [userRoom(onA.user.id)], onA.user.id, recordA, 'durante, em A');
      await emitThenSentinel(b.realtime, [userRoom(onB.user.id)], onB.user.id, recordB, 'durante, em B');
      // Nothing waits on the dead Redis: the online check and the closing of revoked sessions answer at once.
      let started = Date.now();
      expect(await a.realtime.isOnline(onB.user.id)).toBe(false);
      expect(await a.realtime.isOnline(onA.user.id)).toBe(true);
      expect(Date.now() - started).toBeLessThan(500);
      const closed = new Promise<void>((resolve) => socketA.once('disconnect', () => resolve()));
      started = Date.now();
      await a.realtime.endSessions({ userId: onA.user.id, exceptSessionId: 0 });
      expect(Date.now() - started).toBeLessThan(500);
      // A revoked token's socket on this node is closed although the broadcast cannot go through Redis.
      await closed;

      await redis.start();
      const back = redis.client();
      try {
        const again = async () => {
          const answer = (await back.pubsub('NUMSUB', `${key}-request#/#`)) as [string, number];
          return Number(answer[1]) === 2;
        };
        await waitFor(again);
      } finally {
        back.disconnect();
      }
      await emitThenSentinel(a.realtime, [userRoom(onB.user.id)], onB.user.id, recordB, 'depois');
      expect(contents(recordB)).toEqual(['antes', 'durante, em B', 'depois']);
      expect(contents(recordA)).toEqual(['durante, em A']);
      // Once per outage and connection (two nodes, two connections each), not once per retry.
      expect(lines.filter((l) => l === 'realtime: Redis connection failed; retrying')).toHaveLength(4);
    } finally {
      probe.disconnect();
      await Promise.all([a.close(), b.close()]);
      await redis.stop();
    }
  });

  it('takes the channel prefix from the database: PostgreSQL its name, PGlite one of its own', async () => {
    const key = await realtimeRedisKey(t.database);
    if (t.database.kind === 'postgres') {
      const name = new URL(t.config.databaseUrl as string).pathname.slice(1);
      expect(key).toBe(`pulso-io:${name}`);
      expect(await realtimeRedisKey(t.database)).toBe(key);
    } else {
      expect(key).toMatch(/^pulso-io:pglite:[0-9a-f-]{36}$/);
      expect(await realtimeRedisKey(t.database)).not.toBe(key);
    }
  });
});
