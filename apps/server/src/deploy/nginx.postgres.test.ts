import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '../platform/realtime.ts';
import { type Balanced, metric, sendThrough, startBalanced } from '../test/balancer.ts';
import { registerThrough, until, uploadAvatarThrough } from '../test/cluster.ts';

// Issue 20 "A balancer in front, tested": two nodes behind docs/deploy/nginx.conf (test/balancer.ts).
const CODE_BUDGET = 8;
let cluster: Balanced;
let front: string;

beforeAll(async () => {
  cluster = await startBalanced({ RATE_LIMIT_CODE_PER_MINUTE: String(CODE_BUDGET) });
  front = cluster.front;
}, 180_000);
afterAll(() => cluster?.stop(), 60_000);

/**
 * This run's own client address on loopback: the per-address budget of code lookups is counted in Redis, which
 * other test files running at the same time share, by address.
 */
const CLIENT = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** GET `url` through the balancer from {@link CLIENT}; answers the status. */
const getFromClient = (url: string, headers: Record<string, string> = {}) =>
  sendThrough(url, { headers, localAddress: CLIENT });

const register = (name: string) => registerThrough(front, name);

describe('two nodes behind nginx (docs/deploy/nginx.conf)', () => {
  it('spreads requests over both nodes, and hides /metrics from the outside', async () => {
    for (let i = 0; i < 6; i += 1) expect((await fetch(`${front}/api/health/ready`)).status).toBe(200);
    for (const node of cluster.nodes) {
      expect(await metric(node, 'pulso_http_requests_total', 'route="/api/health/ready"')).toBeGreaterThan(0);
    }
    expect((await fetch(`${front}/metrics`)).status).toBe(404);
  });

  it('serves through either node a photo uploaded through the balancer (one bucket)', async () => {
    const paula = await register('Paula Balanceada');
    const url = await uploadAvatarThrough(front, paula.token);
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${front}${url}`)).status).toBe(200);
    for (const node of cluster.nodes) {
      expect(
        await metric(node, 'pulso_http_requests_total', 'route="/api/avatars/:file",status="200"'),
      ).toBeGreaterThan(0);
    }
  });

  it('delivers a realtime event to the sockets on both nodes, over WebSocket through nginx', async () => {
    const ana = await register('Ana Tempo Real');
    const sockets = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const socket = io(front, {
          path: REALTIME_PATH,
          auth: { token: ana.token },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        return socket;
      }),
    );
    try {
      for (const node of cluster.nodes)
        expect(await metric(node, 'pulso_realtime_sockets')).toBeGreaterThan(0);
      const heard = sockets.map((socket) => new Promise((resolve) => socket.once('timeline.added', resolve)));
      // A stranger adds a record to Ana's timeline by her code, through the balancer: one node emits it.
      const joana = await register('Joana Terceira');
      const auth = { authorization: `Bearer ${joana.token}` };
      expect(await getFromClient(`${front}/api/timeline/user/${ana.user.code}`, auth)).toBe(200);
      const form = new FormData();
      for (const [field, value] of Object.entries({
        tipo: '1',
        data: '2025-03-10',
        medico_name: 'Dra. Ana Souza',
        descricao: 'Consulta de rotina',
        user_id: String(ana.user.id),
      })) {
        form.append(field, value);
      }
      const added = await fetch(`${front}/api/timeline/item`, { method: 'POST', headers: auth, body: form });
      expect(added.status, await added.clone().text()).toBe(201);
      await Promise.all(heard);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('shares the per-address budget of code lookups between the nodes', async () => {
    const bia = await register('Bia Orçamento');
    const statuses: number[] = [];
    for (let i = 0; i < CODE_BUDGET + 2; i += 1)
      statuses.push(await getFromClient(`${front}/api/code/${bia.user.code}`));
    // One budget for this address across both nodes (Redis); nginx passes the client's own address.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(CODE_BUDGET);
    expect(statuses.at(-1)).toBe(429);
    for (const node of cluster.nodes) {
      expect(await metric(node, 'pulso_scan_lookups_total', 'result="found"')).toBeGreaterThan(0);
    }
  });

  it('runs each scheduled job once per period across the nodes', async () => {
    const runs = async (job: string) =>
      (
        await Promise.all(cluster.nodes.map((node) => metric(node, 'pulso_job_runs_total', `job="${job}"`)))
      ).reduce((a, b) => a + b);
    // Both start-up jobs ran once, on the node holding the jobs lock, and not again within their period.
    await until(async () => (await runs('renovacao-planos')) >= 1, 20_000);
    expect(await runs('renovacao-planos')).toBe(1);
    expect(await runs('atendimentos-inativos')).toBe(1);
  });
});
