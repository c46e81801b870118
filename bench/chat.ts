/**
 * Benchmark of realtime chat across API nodes (issue 6 "Proof", bench/README.md):
 * two server processes (`npm start`'s main.ts) on one fresh PostgreSQL
 * database and one Redis (the Socket.IO Redis adapter), 200 chat sockets
 * (100 care sessions in A; each session's patient on one node, its doctor on
 * the other, alternating), and text messages posted over HTTP
 * (`POST /api/telemedicina/atendimento/:id/mensagem`) at a steady rate, each
 * through its sender's node. It measures, for every message, the time from
 * just before the POST to its receipt on the other party's socket (always on
 * the other node), and counts messages lost (never received by the other
 * party), duplicated, or delivered to a socket outside the session: all three
 * must be 0, else the run fails (exit 1).
 *
 * DATABASE_URL (a PostgreSQL server where a database may be created) is
 * required; REDIS_URL defaults to redis://127.0.0.1:6379. BENCH_CHAT_RATE
 * (messages a second, default 50), BENCH_CHAT_SECONDS (default 20) and
 * BENCH_CHAT_SESSIONS (default 100) change the load.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MensagemView } from '@pulso/domain';
import { count } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { mensagens } from '../apps/server/src/db/schema/index.ts';
import { type ServerProcess, startServer } from '../apps/server/src/test/cluster.ts';
import { type ClientSocket, connectSocket, joinAtendimento } from '../apps/server/src/test/sockets.ts';
import { createPostgresDatabase } from './app-server.ts';
import { type Session, seed } from './chat-seed.ts';
import { agent, percentile, postJson, processUsage } from './chat-support.ts';
import { reportJson } from './report.ts';

const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
const SESSIONS = Number(process.env.BENCH_CHAT_SESSIONS ?? 100);
const WARMUP_S = 3;
/** How long after the last post a message may still arrive before it counts as lost. */
const DRAIN_MS = 10_000;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A posted message awaiting its receipt on the other party's socket. */
interface Pending {
  sentAt: number;
  session: number;
  recipient: ClientSocket;
  sender: ClientSocket;
  measured: boolean;
  receivedAt?: number;
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(
      'bench/chat.ts measures two nodes on PostgreSQL and Redis: set DATABASE_URL (bench/README.md).',
    );
    process.exit(1);
  }
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const startLoad = load();
  const pgDb = await createPostgresDatabase(adminUrl);
  const dirs = [
    await mkdtemp(path.join(tmpdir(), 'pulso-chat-a-')),
    await mkdtemp(path.join(tmpdir(), 'pulso-chat-b-')),
  ];
  const port = 21000 + Math.floor(Math.random() * 20000);
  const env = (dir: string) => ({
    NODE_ENV: 'production',
    DATABASE_URL: pgDb.url,
    REDIS_URL,
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // One FILES_URL_SECRET for both, as a real deployment of several nodes sets it.
    FILES_URL_SECRET: 'bench-files-url-secret-0123456789abcdef',
  });
  const servers: ServerProcess[] = [];
  let database: Database | null = null;
  const sockets: ClientSocket[] = [];
  try {
    for (const [i, dir] of dirs.entries()) servers.push(await startServer(port + i, env(dir as string)));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    database = await openDatabase({ databaseUrl: pgDb.url, pgliteDir: null });
    console.log(`seeding ${SESSIONS} sessions (${2 * SESSIONS} accounts)…`);
    const sessions = await seed(database, a, b, SESSIONS);

    // ------------------------------------------------------------ sockets
    const pending = new Map<number, Pending>();
    let duplicated = 0;
    let misdelivered = 0;
    const watch = (socket: ClientSocket) => {
      socket.on('message.sent', ({ mensagem }: { mensagem: MensagemView }) => {
        const at = performance.now();
        const seq = Number(/#(\d+)/.exec(mensagem.content)?.[1]);
        const entry = pending.get(seq);
        if (!entry) return;
        if (socket === entry.sender) return; // the sender's own echo
        if (socket !== entry.recipient) {
          misdelivered += 1;
          return;
        }
        if (entry.receivedAt !== undefined) duplicated += 1;
        else entry.receivedAt = at;
      });
    };
    const connectStarted = performance.now();
    await Promise.all(
      sessions.flatMap((s) =>
        [s.paciente, s.medico].map(async (party) => {
          const socket = await connectSocket(party.node.origin, party.token);
          sockets.push(socket);
          party.socket = socket;
          watch(socket);
          const ack = await joinAtendimento(socket, s.id);
          if (!ack.ok) throw new Error(`join ${s.id}: ${ack.message}`);
        }),
      ),
    );
    console.log(
      `${sockets.length} sockets connected and joined in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`,
    );

    // ------------------------------------------------------------ load
    const postLatencies: number[] = [];
    let failedPosts = 0;
    /** Why POSTs failed: status code or error, with how many. */
    const failures = new Map<string, number>();
    const fail = (seq: number, reason: string) => {
      failedPosts += 1;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
      pending.delete(seq);
    };
    const inFlight = new Set<Promise<void>>();
    /** Posts message `seq`, due at `due` (performance.now() time): latencies count from then. */
    const post = (seq: number, measured: boolean, due: number) => {
      const session = sessions[seq % sessions.length] as Session;
      // Each session's sides take turns: the patient, then the doctor, then the patient…
      const fromPatient = Math.floor(seq / sessions.length) % 2 === 0;
      const sender = fromPatient ? session.paciente : session.medico;
      const recipient = fromPatient ? session.medico : session.paciente;
      const sentAt = due;
      pending.set(seq, {
        sentAt,
        session: session.id,
        sender: sender.socket as ClientSocket,
        recipient: recipient.socket as ClientSocket,
        measured,
      });
      const request = postJson(
        `${sender.node.origin}/api/telemedicina/atendimento/${session.id}/mensagem`,
        sender.token,
        { type: 'T', content: `Mensagem #${seq} do benchmark: como está se sentindo hoje?` },
      )
        .then(({ status, body }) => {
          if (status !== 201) fail(seq, `${status} ${body.slice(0, 120)}`);
          else if (measured) postLatencies.push(performance.now() - sentAt);
        })
        .catch((error: unknown) => fail(seq, String(error)));
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    };
    const drive = async (from: number, seconds: number, measured: boolean) => {
      const total = Math.round(RATE * seconds);
      const start = performance.now();
      for (let k = 0; k < total; k++) {
        const due = start + (k * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        post(from + k, measured, due);
      }
      return { next: from + total, elapsedS: (performance.now() - start) / 1000 };
    };
    console.log(`warming up ${WARMUP_S} s at ${RATE} messages/s…`);
    const warm = await drive(0, WARMUP_S, false);
    await Promise.all(inFlight);
    const before = await Promise.all(servers.map((s) => processUsage(s.child.pid)));
    console.log(`posting for ${SECONDS} s at ${RATE} messages/s…`);
    const run = await drive(warm.next, SECONDS, true);
    await Promise.all(inFlight);
    const deadline = performance.now() + DRAIN_MS;
    while ([...pending.values()].some((p) => p.receivedAt === undefined) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = await Promise.all(servers.map((s) => processUsage(s.child.pid)));

    // ------------------------------------------------------------ figures
    const measured = [...pending.values()].filter((p) => p.measured);
    const lost = [...pending.values()].filter((p) => p.receivedAt === undefined).length;
    const latencies = measured
      .filter((p) => p.receivedAt !== undefined)
      .map((p) => (p.receivedAt as number) - p.sentAt)
      .sort((x, y) => x - y);
    postLatencies.sort((x, y) => x - y);
    const [stored] = await database.db.select({ n: count() }).from(mensagens);
    const cpu = servers.map((_, i) => {
      const x = before[i];
      const y = after[i];
      return x && y ? `${((y.cpuMs - x.cpuMs) / Math.max(1, measured.length)).toFixed(2)}` : '—';
    });
    const rss = after.map((u) => (u ? u.rssMiB.toFixed(0) : '—'));
    const ms = (v: number) => v.toFixed(1);
    console.log('');
    console.log(
      '| sockets | rate msg/s | seconds | posted | failed posts | delivered | lost | duplicated | misdelivered | ' +
        'delivery p50 ms | p90 ms | p99 ms | max ms | POST p50 ms | POST p99 ms | CPU ms/msg (A, B) | RSS MiB (A, B) |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
    console.log(
      `| ${sockets.length} | ${(measured.length / run.elapsedS).toFixed(1)} | ${run.elapsedS.toFixed(1)} | ` +
        `${measured.length} | ${failedPosts} | ${latencies.length} | ${lost} | ${duplicated} | ${misdelivered} | ` +
        `${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 90))} | ${ms(percentile(latencies, 99))} | ` +
        `${ms(latencies.at(-1) ?? Number.NaN)} | ${ms(percentile(postLatencies, 50))} | ${ms(percentile(postLatencies, 99))} | ` +
        `${cpu.join(', ')} | ${rss.join(', ')} |`,
    );
    reportJson({
      rate: measured.length / run.elapsedS,
      posted: measured.length,
      lost,
      duplicated,
      misdelivered,
      failedPosts,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpuMsPerMessage: cpu,
    });
    console.log(
      `\n${sessions.length} sessions, ${warm.next} warm-up messages, ${stored?.n} messages stored; ` +
        `Node ${process.version}, ${new Date().toISOString()}; load average ${startLoad} → ${load()}`,
    );
    for (const [reason, n] of failures) console.error(`failed POST ×${n}: ${reason}`);
    if (lost > 0 || duplicated > 0 || misdelivered > 0 || failedPosts > 0) {
      console.error('FAILED: every message must reach the other party once, and no one else.');
      process.exitCode = 1;
    }
  } finally {
    for (const socket of sockets) socket.disconnect();
    agent.destroy();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await pgDb.drop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
