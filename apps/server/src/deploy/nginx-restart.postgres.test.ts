import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '../platform/realtime.ts';
import { type Balanced, metric, sendThrough, startBalanced } from '../test/balancer.ts';
import { registerThrough, sleep, until } from '../test/cluster.ts';

// Issue 20 "Graceful restarts": each node restarted in turn behind docs/deploy/nginx.conf, the way
// docs/deploy/README.md "Restarting a node" says (taken out of the upstream list, SIGTERM, started, put back),
// under a steady stream of reads and writes through nginx.
let cluster: Balanced;

beforeAll(async () => {
  cluster = await startBalanced();
}, 180_000);
afterAll(() => cluster?.stop(), 60_000);

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

describe('a rolling restart behind nginx', () => {
  it('fails no request, loses no record, and brings every socket back', async () => {
    const ana = await register('Ana Reinício');
    const auth = { authorization: `Bearer ${ana.token}` };
    const sockets = Array.from({ length: 4 }, () =>
      io(cluster.front, { path: REALTIME_PATH, auth: { token: ana.token }, transports: ['websocket'] }),
    );
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
      await Promise.all([reads, writes]);

      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(40);
      const list = await fetch(`${cluster.front}/api/timeline/items/all/all`, { headers: auth });
      expect(((await list.json()) as { total: number }).total).toBe(saved);
      // Every socket of a stopped node was closed as lost and reconnected through nginx.
      await until(() => sockets.every((socket) => socket.connected), 10_000);
      const open = await Promise.all(cluster.nodes.map((node) => metric(node, 'pulso_realtime_sockets')));
      expect(open.reduce((a, b) => a + b)).toBe(4);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  }, 120_000);
});
