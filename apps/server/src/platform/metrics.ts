import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Mailer } from './mail.ts';
import type { PushSender } from './push.ts';

/**
 * The node's Prometheus metrics (docs/operations-and-faults.md "Metrics"),
 * in a registry of its own (one per app: tests build many). Node's defaults
 * (`collectDefaultMetrics`: CPU, memory, event-loop delay, handles) plus:
 *
 * - `pulso_http_requests_total` and `pulso_http_request_duration_seconds`
 *   by method, route pattern (`/api/code/:code`, never the code itself) and
 *   status;
 * - `pulso_scan_lookups_total` by result (`found`, `not_found`, `limited`,
 *   `other`) — the paramedic's path, the JSON and the page;
 * - `pulso_db_pool_in_use`, `pulso_db_pool_waiting` and
 *   `pulso_db_queue_delay_seconds` — PostgreSQL's pool, or PGlite's turns;
 * - `pulso_realtime_sockets` open on this node;
 * - `pulso_job_runs_total` by job and outcome (`ok`, `failed`);
 * - `pulso_mails_total` and `pulso_pushes_total` by outcome (`sent`, `failed`;
 *   pushes also `removed`, the devices the push service reported gone).
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  scanLookups: Counter<'result'>;
  jobRuns: Counter<'job' | 'outcome'>;
  mails: Counter<'outcome'>;
  pushes: Counter<'outcome'>;
}

/** What the gauges read when scraped. */
export interface MetricsSources {
  /** Connections in use and requests waiting for one (PostgreSQL's pool; PGlite: the running query, the queue). */
  dbPool(): { inUse: number; waiting: number };
  /** How long (ms) the oldest query waiting for the database has waited. */
  dbQueueDelayMs(): number;
  /** Sockets open on this node. */
  sockets(): number;
}

/** A registry with Pulso's metrics and Node's defaults, reading `sources` at each scrape. */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  new Gauge({
    name: 'pulso_db_pool_in_use',
    help: 'Database connections in use (PGlite: 1 while a query runs)',
    registers,
    collect() {
      this.set(sources.dbPool().inUse);
    },
  });
  new Gauge({
    name: 'pulso_db_pool_waiting',
    help: 'Queries waiting for a database connection (PGlite: for their turn)',
    registers,
    collect() {
      this.set(sources.dbPool().waiting);
    },
  });
  new Gauge({
    name: 'pulso_db_queue_delay_seconds',
    help: 'How long the oldest query waiting for the database has waited',
    registers,
    collect() {
      this.set(sources.dbQueueDelayMs() / 1000);
    },
  });
  new Gauge({
    name: 'pulso_realtime_sockets',
    help: 'Socket.IO connections open on this node',
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'pulso_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'pulso_http_request_duration_seconds',
      help: 'Time from the request to its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    scanLookups: new Counter({
      name: 'pulso_scan_lookups_total',
      help: 'Openings of a personal code (GET /api/code/:code and the page /code/:code), by result',
      labelNames: ['result'],
      registers,
    }),
    jobRuns: new Counter({
      name: 'pulso_job_runs_total',
      help: 'Runs of the scheduled jobs on this node, by job and outcome',
      labelNames: ['job', 'outcome'],
      registers,
    }),
    mails: new Counter({
      name: 'pulso_mails_total',
      help: 'E-mails handed to the mail transport, by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    pushes: new Counter({
      name: 'pulso_pushes_total',
      help: 'Web Push deliveries to devices, by outcome',
      labelNames: ['outcome'],
      registers,
    }),
  };
}

/** `mailer`, counting each message in `pulso_mails_total` (a failure is counted and thrown on). */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mails.inc({ outcome: 'sent' });
      } catch (error) {
        metrics.mails.inc({ outcome: 'failed' });
        throw error;
      }
    },
  };
}

/** `push`, counting its deliveries in `pulso_pushes_total`. */
export function countedPush(push: PushSender, metrics: Metrics): PushSender {
  return {
    publicKey: push.publicKey,
    async sendToUser(userId, payload, options) {
      const result = await push.sendToUser(userId, payload, options);
      for (const outcome of ['sent', 'removed', 'failed'] as const) {
        if (result[outcome] > 0) metrics.pushes.inc({ outcome }, result[outcome]);
      }
      return result;
    },
  };
}

/** The scan routes' answer as a `pulso_scan_lookups_total` result. */
export function scanResult(status: number): 'found' | 'not_found' | 'limited' | 'other' {
  if (status === 200) return 'found';
  if (status === 404) return 'not_found';
  if (status === 429) return 'limited';
  return 'other';
}
