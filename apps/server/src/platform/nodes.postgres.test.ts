import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MensagemView, TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { app_secrets, atendimentos, medicos, timeline_items, users } from '../db/schema/index.ts';
import { searchKey } from '../db/search-key.ts';
import { drawFreeCode } from '../modules/auth/registration.ts';
import {
  acceptedSession,
  createSharedDatabase,
  lockHolders,
  makeDoctor,
  registerThrough,
  type ServerProcess,
  startServer,
  until,
  uploadAvatarThrough,
} from '../test/cluster.ts';
import { freePort } from '../test/faults.ts';
import { type LocalS3, startLocalS3 } from '../test/local-s3.ts';
import { type ClientSocket, connectSocket, joinAtendimento, recordEvents } from '../test/sockets.ts';
import { withStartupLock } from './jobs.ts';

// Issue 6 "Proof": two real server processes (`npm start`'s main.ts) on one PostgreSQL database and
// one Redis. vitest.config.ts runs this file in api-postgres only and requires REDIS_URL in CI.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
let database: Database;
let idleId: number;
let a: ServerProcess;
let b: ServerProcess;
const running: ServerProcess[] = [];
const dirs: string[] = [];
const sockets: ClientSocket[] = [];
// The nodes' files go to one bucket of a local S3-compatible server (docs/operations-and-faults.md "Object storage").
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3('pulso-nodes');
  shared = await createSharedDatabase();
  database = await openDatabase({ databaseUrl: shared.url, pgliteDir: null });
  // A session left idle for two days while every node was down: the nodes' start ends it.
  await withStartupLock(shared.url, () => database.migrate());
  idleId = await idleSession();
  const env = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `pulso-node-${name}-`));
    dirs.push(dir);
    return {
      DATABASE_URL: shared.url,
      REDIS_URL,
      DATA_DIR: dir,
      S3_URL: s3.url,
      SEED_DEMO: 'false',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    };
  };
  // Started together: they migrate and seed one after the other (withStartupLock).
  const started = await Promise.allSettled([
    startServer(await freePort(), env('a')),
    startServer(await freePort(), env('b')),
  ]);
  for (const s of started) if (s.status === 'fulfilled') running.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  [a, b] = running as [ServerProcess, ServerProcess];
}, 180_000);

/** An A session whose last message is two days old, between two accounts made in the database. */
async function idleSession(): Promise<number> {
  const db = database.db;
  const account = async (name: string) => {
    const [row] = await db
      .insert(users)
      .values({
        name,
        email: `${searchKey(name).replace(' ', '.')}@exemplo.com.br`,
        password_hash: 'nenhuma',
        code: await drawFreeCode(db),
        terms_accepted_at: new Date(),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('account not created');
    return row.id;
  };
  const medicoId = await makeDoctor(database.db, await account('Otávio Antigo'), 'Otávio Antigo');
  const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
  const [row] = await db
    .insert(atendimentos)
    .values({
      user_id: await account('Ivone Inativa'),
      medico_id: medicoId,
      status: 'A',
      motivo: 'Retorno de exames',
      pagamento: 'credito',
      accepted_at: twoDaysAgo,
      last_message_at: twoDaysAgo,
    })
    .returning({ id: atendimentos.id });
  if (!row) throw new Error('session not created');
  return row.id;
}

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(running.map((server) => server.stop()));
  await database?.close();
  await shared?.drop();
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Registers an account through node `at`'s API. */
const register = (at: ServerProcess, name: string) => registerThrough(at.origin, name);

async function connect(at: ServerProcess, token: string): Promise<ClientSocket> {
  const socket = await connectSocket(at.origin, token);
  sockets.push(socket);
  return socket;
}

/** Posts a text message through node `at`'s HTTP API as the owner of `token`. */
async function post(at: ServerProcess, token: string, atendimentoId: number, content: string) {
  const res = await fetch(`${at.origin}/api/telemedicina/atendimento/${atendimentoId}/mensagem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'T', content }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { mensagem: MensagemView }).mensagem;
}

describe('two server processes on PostgreSQL and Redis', () => {
  it('delivers a message posted through node A to the other party’s socket on node B, and back', async () => {
    const paciente = await register(a, 'Paula Paciente');
    const medico = await register(b, 'Mário Médico');
    const estranho = await register(a, 'Éster Estranha');
    const medicoId = await makeDoctor(database.db, medico.user.id, 'Mário Médico');
    const atendimentoId = await acceptedSession(database.db, paciente.user.id, medicoId);
    // The stranger has a session of their own with the same doctor.
    const outroId = await acceptedSession(database.db, estranho.user.id, medicoId);

    const patientOnB = await connect(b, paciente.token);
    const doctorOnA = await connect(a, medico.token);
    const strangerOnB = await connect(b, estranho.token);
    const strangerOnA = await connect(a, estranho.token);
    expect(await joinAtendimento(patientOnB, atendimentoId)).toEqual({ ok: true });
    expect(await joinAtendimento(doctorOnA, atendimentoId)).toEqual({ ok: true });
    // A socket cannot join a room it does not belong to, on either node.
    const refused = { ok: false, message: TELEMEDICINA_MESSAGES.notFound };
    expect(await joinAtendimento(strangerOnB, atendimentoId)).toEqual(refused);
    expect(await joinAtendimento(strangerOnA, atendimentoId)).toEqual(refused);
    expect(await joinAtendimento(patientOnB, outroId)).toEqual(refused);

    const patientHears = recordEvents(patientOnB, 'message.sent');
    const doctorHears = recordEvents(doctorOnA, 'message.sent');
    const strangerOnBHears = recordEvents(strangerOnB, 'message.sent');
    const strangerOnAHears = recordEvents(strangerOnA, 'message.sent');

    // The doctor writes through node A; the patient's socket is on node B.
    const sent = await post(a, medico.token, atendimentoId, 'Olá, Paula! Como está a dor hoje?');
    expect(await patientHears.next()).toEqual({ atendimento_id: atendimentoId, mensagem: sent });
    expect(sent).toMatchObject({ from: 'M', type: 'T', content: 'Olá, Paula! Como está a dor hoje?' });
    expect(await doctorHears.next()).toEqual({ atendimento_id: atendimentoId, mensagem: sent });

    // The patient answers through node B; the doctor's socket is on node A.
    const reply = await post(b, paciente.token, atendimentoId, 'Melhorou um pouco, doutor.');
    expect(await doctorHears.next()).toEqual({ atendimento_id: atendimentoId, mensagem: reply });
    expect(await patientHears.next()).toEqual({ atendimento_id: atendimentoId, mensagem: reply });

    // Then the doctor writes to the stranger, through node A: one Redis connection publishes both
    // in order, so once the stranger's sockets hold this one they would hold the others too.
    const toStranger = await post(a, medico.token, outroId, 'Olá, Éster.');
    expect(await strangerOnBHears.next()).toEqual({ atendimento_id: outroId, mensagem: toStranger });
    expect(await strangerOnAHears.next()).toEqual({ atendimento_id: outroId, mensagem: toStranger });
    expect(strangerOnBHears.received).toHaveLength(1);
    expect(strangerOnAHears.received).toHaveLength(1);
    expect(await doctorHears.next()).toEqual({ atendimento_id: outroId, mensagem: toStranger });
    expect(patientHears.received.map((p) => p.mensagem.id)).toEqual([sent.id, reply.id]);
  }, 60_000);

  it('serve through node B the photo uploaded through node A (one bucket)', async () => {
    const paula = await register(a, 'Paula Foto');
    const url = await uploadAvatarThrough(a.origin, paula.token);
    const fromA = await fetch(`${a.origin}${url}`);
    const fromB = await fetch(`${b.origin}${url}`);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('push with one VAPID key and sign file links with one key, though no node was given them (app_secrets)', async () => {
    const paula = await register(a, 'Paula Chaves');
    const vapidKey = async (at: ServerProcess) => {
      const res = await fetch(`${at.origin}/api/device/vapid-key`, {
        headers: { authorization: `Bearer ${paula.token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { publicKey: string }).publicKey;
    };
    const fromA = await vapidKey(a);
    expect(fromA).toMatch(/^B[\w-]{86}$/);
    expect(await vapidKey(b)).toBe(fromA);
    const kept = await database.db.select({ name: app_secrets.name }).from(app_secrets);
    expect(kept.map((row) => row.name).sort()).toEqual(['files-url-secret', 'vapid.json']);
  });

  it('runs the scheduled jobs on one node only: the idle session ended once, and seeded the support doctor once', async () => {
    const holders = await lockHolders(shared.url);
    expect(holders.map((h) => h.application_name)).toEqual(['pulso-jobs']);
    // The inactivity job ran at start on the node holding the lock
    // (docs/api/telemedicina.md "Ending a session and inactivity").
    await until(async () => {
      const [row] = await database.db.select().from(atendimentos).where(eq(atendimentos.id, idleId));
      return row?.status === 'ET';
    }, 30_000);
    const records = await database.db
      .select({ tipo: timeline_items.tipo, descricao: timeline_items.descricao })
      .from(timeline_items)
      .where(eq(timeline_items.atendimento_id, idleId));
    expect(records).toEqual([{ tipo: 6, descricao: 'Atendimento por telemedicina: Retorno de exames' }]);
    const support = await database.db.select().from(medicos);
    expect(support.filter((m) => m.suporte)).toHaveLength(1);
  });

  it('both nodes stop cleanly on SIGTERM, giving the jobs lock up', async () => {
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
    expect(await lockHolders(shared.url)).toEqual([]);
    expect(a.output()).not.toMatch(/error/i);
    expect(b.output()).not.toMatch(/error/i);
  }, 60_000);
});
