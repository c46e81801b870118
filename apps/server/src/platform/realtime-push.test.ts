import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MensagemView } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { devices } from '../db/schema/index.ts';
import {
  type AtendimentoParties,
  publishAtendimentoEvent,
} from '../modules/telemedicina/telemedicina.events.ts';
import { realtimeAccess } from '../realtime-access.ts';
import { createPatient, pushSubscription } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type ClientSocket, connectSocket } from '../test/sockets.ts';
import { createAtendimento, createDoctor } from '../test/telemedicina-factories.ts';
import { createPushSender, type PushSender } from './push.ts';
import { createRealtime, type Realtime } from './realtime.ts';

// Issue 6 "Push": a telemedicine event is Web-Pushed to its recipient only when they have no
// socket open on any node. Two nodes in this process share the database and a Redis.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A stand-in push service on loopback over TLS (web-push only speaks https), as in push.test.ts. */
let service: Server;
let serviceOrigin: string;
let agent: Agent;
let received: string[] = [];
let tlsDir: string;
let t: TestApp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  tlsDir = await mkdtemp(path.join(tmpdir(), 'pulso-push-tls-'));
  const key = path.join(tlsDir, 'key.pem');
  const cert = path.join(tlsDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const pem = { key: await readFile(key), cert: await readFile(cert) };
  service = createServer(pem, (req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceOrigin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
  agent = new Agent({ ca: pem.cert, keepAlive: false });
  t = await createTestApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
  await new Promise<void>((resolve) => service.close(() => resolve()));
  await rm(tlsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.reset();
  received = [];
});

/** A node of its own (HTTP server, Socket.IO with the Redis adapter) on the test's database. */
async function startNode(key: string) {
  const realtime = createRealtime({ access: realtimeAccess(t.database.db), redis: { url: REDIS_URL, key } });
  const server = createHttpServer((_req, res) => res.writeHead(404).end());
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

/** Registers a push device for the user at the stand-in service; answers its URL path. */
async function addDevice(userId: number): Promise<string> {
  const devicePath = `/push/${randomUUID()}`;
  const sub = pushSubscription(`${serviceOrigin}${devicePath}`);
  await t.database.db
    .insert(devices)
    .values({ user_id: userId, firebase_token: sub.json, endpoint: sub.endpoint, user_agent: 'teste' });
  return devicePath;
}

/**
 * The app's context on node `realtime`, with every `isOnline` and `sendToUser`
 * call recorded, so that a test can wait until the event's push decision is made.
 */
function observed(realtime: Realtime, push: PushSender) {
  const pending: Promise<unknown>[] = [];
  const pushedTo: number[] = [];
  const askedOnline: number[] = [];
  const ctx: AppContext = {
    ...t.app.ctx,
    realtime: {
      ...realtime,
      isOnline: (userId) => {
        askedOnline.push(userId);
        const answer = realtime.isOnline(userId);
        pending.push(answer);
        return answer;
      },
    },
    push: {
      publicKey: push.publicKey,
      sendToUser: (userId, payload, options) => {
        const sent = push.sendToUser(userId, payload, options).then((result) => {
          if (result.sent > 0) pushedTo.push(userId);
          return result;
        });
        pending.push(sent);
        return sent;
      },
    },
  };
  return {
    ctx,
    /** The users a push reached. */
    pushedTo,
    /** The users whose presence was asked of the nodes. */
    askedOnline,
    /** Resolves once every online check and push started so far, and those they led to, are done. */
    settled: async () => {
      for (let done = 0; done < pending.length; ) {
        const batch = pending.slice(done);
        await Promise.all(batch);
        done += batch.length;
        // What an answered check leads to (a push) starts in the next turns.
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}

function mensagem(atendimentoId: number, from: 'U' | 'M'): MensagemView {
  return {
    id: 1,
    atendimento_id: atendimentoId,
    from,
    type: 'T',
    content: 'Bom dia',
    url: null,
    size: null,
    created_at: '2026-11-23T12:00:00.000Z',
    read_at: null,
  };
}

/** A patient, a doctor and a care session between them in A, with the session's parties. */
async function careSession() {
  const paciente = await createPatient(t.app);
  const medico = await createDoctor(t);
  const atendimentoId = await createAtendimento(t.database.db, paciente.user.id, medico.medicoId, 'A');
  const parties: AtendimentoParties = {
    atendimentoId,
    pacienteUserId: paciente.user.id,
    medicoUserId: medico.user.id,
  };
  return { paciente, medico, atendimentoId, parties };
}

describe('publishAtendimentoEvent with several nodes', () => {
  it('pushes to a recipient with no socket anywhere, not to one whose socket is open on another node', async () => {
    const key = `pulso-io:test:${randomUUID()}`;
    const a = await startNode(key);
    const b = await startNode(key);
    try {
      const { paciente, medico, atendimentoId, parties } = await careSession();
      const patientDevice = await addDevice(paciente.user.id);
      const doctorDevice = await addDevice(medico.user.id);
      const sender = await createPushSender(t.config, t.database, {
        agent,
        isAllowedEndpoint: () => true,
      });
      // The patient has the chat open through node B; the doctor has no socket at all.
      const onB = await connectSocket(b.origin, paciente.token);
      sockets.push(onB);
      const nodeA = observed(a.realtime, sender);
      const payload = { title: 'Nova mensagem', body: 'Você tem uma nova mensagem.' };

      // Emitted on node A: the patient (online on B) gets no push…
      publishAtendimentoEvent(
        nodeA.ctx,
        t.app.log,
        parties,
        'message.sent',
        {
          atendimento_id: atendimentoId,
          mensagem: mensagem(atendimentoId, 'M'),
        },
        { to: 'paciente', payload },
      );
      // …the doctor (offline) does.
      publishAtendimentoEvent(
        nodeA.ctx,
        t.app.log,
        parties,
        'message.sent',
        {
          atendimento_id: atendimentoId,
          mensagem: mensagem(atendimentoId, 'U'),
        },
        { to: 'medico', payload },
      );
      await nodeA.settled();
      expect(nodeA.pushedTo).toEqual([medico.user.id]);
      expect(received).toEqual([doctorDevice]);

      // Once the patient's socket closes, the next event reaches their phone.
      onB.disconnect();
      const until = Date.now() + 5000;
      while (await a.realtime.isOnline(paciente.user.id)) {
        if (Date.now() > until) throw new Error('the patient still looks online');
        await new Promise((r) => setTimeout(r, 20));
      }
      publishAtendimentoEvent(
        nodeA.ctx,
        t.app.log,
        parties,
        'atendimento.ended',
        {
          atendimento_id: atendimentoId,
          status: 'E',
        },
        {
          to: 'paciente',
          payload: { title: 'Atendimento encerrado', body: 'O médico encerrou o atendimento.' },
        },
      );
      await nodeA.settled();
      expect(nodeA.pushedTo).toEqual([medico.user.id, paciente.user.id]);
      expect(received).toEqual([doctorDevice, patientDevice]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('asks the nodes whether the recipient is online only when the recipient has a device to push to', async () => {
    const key = `pulso-io:test:${randomUUID()}`;
    const a = await startNode(key);
    try {
      const { medico, atendimentoId, parties } = await careSession();
      await addDevice(medico.user.id);
      const sender = await createPushSender(t.config, t.database, {
        agent,
        isAllowedEndpoint: () => true,
      });
      const nodeA = observed(a.realtime, sender);
      const payload = { title: 'Nova mensagem', body: 'Você tem uma nova mensagem.' };
      const message = (from: 'U' | 'M') => ({
        atendimento_id: atendimentoId,
        mensagem: mensagem(atendimentoId, from),
      });
      // The patient has no device: nothing to push, nothing to ask. The doctor has one: asked, then pushed.
      publishAtendimentoEvent(nodeA.ctx, t.app.log, parties, 'message.sent', message('M'), {
        to: 'paciente',
        payload,
      });
      publishAtendimentoEvent(nodeA.ctx, t.app.log, parties, 'message.sent', message('U'), {
        to: 'medico',
        payload,
      });
      await nodeA.settled();
      expect(nodeA.askedOnline).toEqual([medico.user.id]);
      expect(nodeA.pushedTo).toEqual([medico.user.id]);
    } finally {
      await a.close();
    }
  });
});
