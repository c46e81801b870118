/**
 * Benchmark of the health timeline's reads (issue 5, bench/README.md):
 * `GET /api/timeline/items/:medico/:search[/:offset]` for a patient with
 * 10,000 records in a table of 1,000,000, on PostgreSQL (DATABASE_URL is
 * required: the figure asked for is PostgreSQL's).
 *
 * The server process (forked, as in code-lookup.ts) builds the real app on a
 * fresh database, registers the patient and 99 others, bulk-inserts the
 * records with `generate_series` (their `busca` written as the service writes
 * it, `buscaOf`), runs ANALYZE and listens. The parent checks each URL's
 * answer, warms up, then drives each for 10 s at 10 connections with
 * autocannon and prints req/s, p50/p97.5/p99 latency and the server's CPU
 * time per request and memory.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TIMELINE_PAGE_SIZE } from '@pulso/domain';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buscaOf } from '../apps/server/src/modules/timeline/timeline.search.ts';
import { createPatient } from '../apps/server/src/test/factories.ts';
import { bootApp, forkServer, portOf, usage } from './app-server.ts';

const TABLE_ROWS = Number(process.env.BENCH_TIMELINE_ROWS ?? 1_000_000);
const PATIENT_ROWS = Number(process.env.BENCH_PATIENT_ROWS ?? 10_000);
const OTHER_PATIENTS = 99;
const BATCH = 100_000;
const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 10;

/** Record templates: real-looking pt-BR text with accents, the row number appended to each. */
const TEMPLATES: { tipo: number; descricao: string; medico_name: string | null; valor: string | null }[] = [
  {
    tipo: 1,
    descricao: 'Consulta de rotina com cardiologista, pressão controlada',
    medico_name: 'Dra. Paula Lima',
    valor: '350.00',
  },
  {
    tipo: 2,
    descricao: 'Ecocardiograma transtorácico solicitado',
    medico_name: 'Dr. Marcos Teixeira',
    valor: null,
  },
  {
    tipo: 3,
    descricao: 'Resultado do hemograma completo dentro da normalidade',
    medico_name: null,
    valor: '45.90',
  },
  {
    tipo: 4,
    descricao: 'Receita de losartana 50 mg, uso contínuo',
    medico_name: 'Dra. Paula Lima',
    valor: null,
  },
  { tipo: 5, descricao: 'Anotação: dor de cabeça leve depois do plantão', medico_name: null, valor: null },
  { tipo: 7, descricao: 'Vacinação contra influenza, dose anual', medico_name: null, valor: '0.00' },
  {
    tipo: 1,
    descricao: 'Consulta com ortopedista por dor no joelho direito',
    medico_name: 'Dr. José Albuquerque',
    valor: '280.00',
  },
  {
    tipo: 2,
    descricao: 'Exame de sangue: glicemia de jejum e colesterol',
    medico_name: 'Dra. Helena Prado',
    valor: '120.00',
  },
  {
    tipo: 3,
    descricao: 'Ressonância magnética do joelho sem alterações',
    medico_name: null,
    valor: '900.00',
  },
  {
    tipo: 4,
    descricao: 'Receita de amoxicilina por sete dias',
    medico_name: 'Dr. Rafael Nunes',
    valor: null,
  },
  { tipo: 7, descricao: 'Vacina contra hepatite B, segunda dose', medico_name: null, valor: null },
  {
    tipo: 1,
    descricao: 'Retorno com endocrinologista, ajuste da metformina',
    medico_name: 'Dra. Helena Prado',
    valor: '300.00',
  },
];

/** Server → parent. */
type Ready = { type: 'ready'; port: number; token: string; seedSeconds: number };
type Stats = ReturnType<typeof usage> & { type: 'stats' };

/** A SQL string literal of our own constant text (single quotes doubled). */
const literal = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`);

async function serve(adminUrl: string): Promise<void> {
  const { app, database, stop } = await bootApp(adminUrl);
  const started = Date.now();
  const patient = await createPatient(app, { name: 'Paciente do Benchmark' });
  const others: number[] = [];
  for (let i = 0; i < OTHER_PATIENTS; i += 1) others.push((await createPatient(app)).user.id);

  const templates = TEMPLATES.map(
    (t, n) =>
      `(${n}, ${t.tipo}, ${literal(t.descricao)}, ${literal(t.medico_name)}, ${t.valor ?? 'null'}::numeric, ${literal(buscaOf(t))})`,
  ).join(',\n');
  for (let from = 1; from <= TABLE_ROWS; from += BATCH) {
    const to = Math.min(TABLE_ROWS, from + BATCH - 1);
    // Rows 1..PATIENT_ROWS are the patient's; the rest go round the others. Dates spread over 25 years,
    // doctor-made (M) on every seventh row. The row number ends each description (and its busca).
    await database.db.execute(
      sql.raw(`
      with t(n, tipo, descricao, medico_name, valor, busca) as (values ${templates}),
           o(ids) as (select array[${others.join(',')}]::int[])
      insert into timeline_items (user_id, tipo, data, descricao, valor, medico_name, created_by, terceiro_id, busca)
      select case when g <= ${PATIENT_ROWS} then ${patient.user.id} else o.ids[1 + g % ${OTHER_PATIENTS}] end,
             t.tipo, date '2001-01-01' + (g::bigint * 7919 % 9131)::int, t.descricao || ' (registro ' || g || ')',
             t.valor, t.medico_name,
             case when g % 7 = 0 then 'M' end, case when g % 7 = 0 then o.ids[1] end,
             t.busca || ' registro ' || g
      from generate_series(${from}, ${to}) g cross join o join t on t.n = g % ${TEMPLATES.length}`),
    );
    process.stdout.write(`seeded ${to} rows\r`);
  }
  await database.db.execute(sql`analyze timeline_items`);
  await app.listen({ host: '127.0.0.1', port: 0 });

  const send = (message: Ready | Stats) => process.send?.(message);
  process.on('message', async (command: { type: 'stats' | 'stop' }) => {
    if (command.type === 'stats') send({ type: 'stats', ...usage() });
    else {
      await stop();
      process.exit(0);
    }
  });
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  send({
    type: 'ready',
    port: portOf(app),
    token: patient.token,
    seedSeconds: (Date.now() - started) / 1000,
  });
}

// ---------------------------------------------------------------- load role

/** What each measured URL must answer: a full first page (or the tail) and the expected total. */
interface Case {
  label: string;
  path: string;
  check: (body: { timelineItems: unknown[]; total: number }) => boolean;
}

const perTemplate = PATIENT_ROWS / TEMPLATES.length;
const CASES: Case[] = [
  {
    label: 'first page',
    path: '/api/timeline/items/all/all',
    check: (b) => b.total === PATIENT_ROWS && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    label: 'page at offset 5000',
    path: '/api/timeline/items/all/all/5000',
    check: (b) => b.total === PATIENT_ROWS && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    label: 'last page (offset 9990)',
    path: `/api/timeline/items/all/all/${PATIENT_ROWS - 10}`,
    check: (b) => b.timelineItems.length === 10,
  },
  {
    label: 'doctors only (M), first page',
    path: '/api/timeline/items/M/all',
    check: (b) => b.total === Math.floor(PATIENT_ROWS / 7) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    // 'cardio' inside 'cardiologista' and 'ecocardiograma': the trigram (infix) branch.
    label: "search 'cardio'",
    path: '/api/timeline/items/all/cardio',
    check: (b) => b.total >= 2 * Math.floor(perTemplate) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    // 'vacina' → 'Vacinação' and 'Vacina': the Portuguese prefix branch, on the type label too.
    label: "search 'vacina'",
    path: '/api/timeline/items/all/vacina',
    check: (b) => b.total >= 2 * Math.floor(perTemplate) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
  {
    label: "search 'exame sangue' (two words)",
    path: `/api/timeline/items/all/${encodeURIComponent('exame sangue')}`,
    check: (b) => b.total >= Math.floor(perTemplate) && b.timelineItems.length === TIMELINE_PAGE_SIZE,
  },
];

function stats(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    child.once('message', (m: Stats) => resolve(m));
    child.send({ type: 'stats' });
  });
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (process.env.BENCH_ROLE === 'server') {
    if (!adminUrl) throw new Error('DATABASE_URL is required');
    await serve(adminUrl);
    return;
  }
  if (!adminUrl) {
    console.error('bench/timeline.ts measures PostgreSQL: set DATABASE_URL (bench/README.md).');
    process.exit(1);
  }
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const startLoad = load();
  console.log(`seeding ${TABLE_ROWS} records (${PATIENT_ROWS} for the patient)…`);
  const { child, ready } = await forkServer<Ready>(fileURLToPath(import.meta.url), { BENCH_ROLE: 'server' });
  console.log(`seeded in ${ready.seedSeconds.toFixed(0)} s`);
  const origin = `http://127.0.0.1:${ready.port}`;
  const headers = { authorization: `Bearer ${ready.token}` };

  const rows: string[] = [];
  for (const c of CASES) {
    const res = await fetch(origin + c.path, { headers });
    const body = (await res.json()) as { timelineItems: unknown[]; total: number };
    if (res.status !== 200 || !c.check(body)) {
      throw new Error(`${c.label}: ${res.status}, ${body.timelineItems?.length} items, total ${body.total}`);
    }
    await autocannon({ url: origin + c.path, headers, connections: CONNECTIONS, duration: WARMUP_S });
    const before = await stats(child);
    const r = await autocannon({
      url: origin + c.path,
      headers,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const after = await stats(child);
    const failed = r.non2xx + r.errors + r.timeouts;
    const cpu = (after.cpuMs - before.cpuMs) / Math.max(1, r.requests.total);
    const row =
      `| ${c.label} | ${body.total} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p97_5} | ` +
      `${r.latency.p99} | ${failed} | ${cpu.toFixed(3)} | ${after.rssMiB.toFixed(0)} (${after.maxRssMiB.toFixed(0)}) |`;
    console.log(row);
    rows.push(row);
  }
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });

  console.log(
    `\nGET /api/timeline/items/…, PostgreSQL, ${TABLE_ROWS} records in the table, ${PATIENT_ROWS} the patient's; ` +
      `${CONNECTIONS} connections, ${DURATION_S} s per run, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(`load average before ${startLoad}, after ${load()} (1, 5, 15 min)\n`);
  console.log(
    '| request | total | req/s | p50 ms | p97.5 ms | p99 ms | failed | server CPU ms/req | RSS MiB (peak) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
