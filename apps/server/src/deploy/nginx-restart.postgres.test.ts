import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { mensagens } from '../db/schema/index.ts';
import { REALTIME_PATH } from '../platform/realtime.ts';
import { type Balanced, metric, sendThrough, startBalanced } from '../test/balancer.ts';
import { acceptedSession, makeDoctor, registerThrough, sleep, until } from '../test/cluster.ts';
import { joinAtendimento, recordEvents } from '../test/sockets.ts';

// Issue 20 "Graceful restarts": each node restarted in turn behind docs/deploy/nginx.conf, the way
// docs/deploy/README.md "Restarting a node" says (taken out of the upstream list, SIGTERM, started, put back),
// under a steady stream of reads and writes through nginx.
let cluster: Balanced;
let database: Database;

beforeAll(async () => {
  cluster = await startBalanced();
  database = await openDatabase({ databaseUrl: cluster.databaseUrl, pgliteDir: null });
}, 180_000);
afterAll(async () => {
  await database?.close();
  await cluster?.stop();
}, 60_000);

const register = (name: string) => registerThrough(cluster.front, name);

/** A record of the patient's own timeline, through the balancer; answers the status. */
async function addRecord(token: string, n: number): Promise<number> {
  const form = new FormData();
  form.append('tipo', '1');
  form.append('data', '2025-03-10');
  form.append('medico_name', 'Dra. Ana Souza');
  form.append('descricao', `Consulta ${n}`);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return sendThrough(`${cluster.front}/api/timeline/item`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': encoded.headers.get('content-type') ?? '',
      'content-length': String(body.length),
    },
    body,
  });
}

/** A chat text through the balancer as the owner of `token`; answers the status. */
function sendText(token: string, atendimentoId: number, content: string): Promise<number> {
  const body = Buffer.from(JSON.stringify({ type: 'T', content }));
  return sendThrough(`${cluster.front}/api/telemedicina/atendimento/${atendimentoId}/mensagem`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(body.length),
    },
    body,
  });
}

describe('a rolling restart behind nginx', () => {
  it('fails no request, loses no record nor chat message, and brings every socket back', async () => {
    const ana = await register('Ana Reinício');
    const auth = { authorization: `Bearer ${ana.token}` };
    const sockets = Array.from({ length: 4 }, () =>
      io(cluster.front, { path: REALTIME_PATH, auth: { token: ana.token }, transports: ['websocket'] }),
    );
    // A care session: Ana writes to her doctor all along, and the doctor's socket (which rejoins the session's
    // room on every connection, as the web does) hears her.
    const medico = await register('Rui Reinício');
    const atendimentoId = await acceptedSession(
      database.db,
      ana.user.id,
      await makeDoctor(database.db, medico.user.id, 'Rui Reinício'),
    );
    const doctor = io(cluster.front, {
      path: REALTIME_PATH,
      auth: { token: medico.token },
      transports: ['websocket'],
    });
    doctor.on('connect', () => void joinAtendimento(doctor, atendimentoId));
    const doctorHears = recordEvents(doctor, 'message.sent');
    sockets.push(doctor);
    try {
      await until(() => sockets.every((socket) => socket.connected), 10_000);
      const failures: string[] = [];
      let answered = 0;
      let saved = 0;
      let running = true;
      const reads = (async () => {
        while (running) {
          // A refused or reset connection is a failure too (its status 0).
          const status = await sendThrough(`${cluster.front}/api/timeline/items/all/all`, {
            headers: auth,
          }).catch(() => 0);
          answered += 1;
          if (status !== 200) failures.push(`GET ${status}`);
        }
      })();
      const sentTexts: string[] = [];
      const chat = (async () => {
        for (let n = 0; running; n += 1) {
          const content = `Mensagem ${n}`;
          const status = await sendText(ana.token, atendimentoId, content).catch(() => 0);
          answered += 1;
          if (status === 201) sentTexts.push(content);
          else failures.push(`chat ${status}`);
        }
      })();
      const writes = (async () => {
        for (let n = 0; running; n += 1) {
          const status = await addRecord(ana.token, n).catch(() => 0);
          answered += 1;
          if (status === 201) saved += 1;
          else failures.push(`POST ${status}`);
        }
      })();

      for (const index of [0, 1]) {
        await cluster.reload([index]);
        expect(await cluster.restart(index)).toBe(0);
        await cluster.reload([]);
        await sleep(500);
      }
      running = false;
      await Promise.all([reads, writes, chat]);

      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(40);
      const list = await fetch(`${cluster.front}/api/timeline/items/all/all`, { headers: auth });
      expect(((await list.json()) as { total: number }).total).toBe(saved);
      // Every socket of a stopped node was closed as lost and reconnected through nginx.
      await until(() => sockets.every((socket) => socket.connected), 10_000);
      const open = await Promise.all(cluster.nodes.map((node) => metric(node, 'pulso_realtime_sockets')));
      expect(open.reduce((a, b) => a + b)).toBe(5);

      // No chat message lost: every one accepted is kept (what the web reads again on reconnecting), in order,
      // and the doctor's socket heard them live but for those sent while its node was restarting.
      const kept = await database.db
        .select({ content: mensagens.content })
        .from(mensagens)
        .where(eq(mensagens.atendimento_id, atendimentoId))
        .orderBy(mensagens.id);
      expect(kept.map((row) => row.content)).toEqual(sentTexts);
      expect(sentTexts.length).toBeGreaterThan(10);
      const heard = doctorHears.received.map((event) => event.mensagem.content);
      expect(heard.every((content) => sentTexts.includes(content))).toBe(true);
      expect(heard.length).toBeGreaterThan(sentTexts.length / 2);
      // And live delivery goes on after the restarts.
      expect(await sendText(ana.token, atendimentoId, 'Depois do reinício')).toBe(201);
      await until(
        () => doctorHears.received.some((event) => event.mensagem.content === 'Depois do reinício'),
        10_000,
      );
      console.info(
        `rolling restart: ${answered} requests, ${failures.length} failed; ${sentTexts.length} chat messages sent, ` +
          `${kept.length} kept, ${heard.length} heard live`,
      );
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  }, 120_000);
});
