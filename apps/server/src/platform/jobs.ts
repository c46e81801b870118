import type pg from 'pg';
import { loadPg } from './lazy-libs.ts';

/**
 * A piece of scheduled work (e.g. ending idle care sessions,
 * docs/api/telemedicina.md "Ending a session and inactivity").
 */
export interface Job {
  /** Name in the logs. */
  name: string;
  /** Milliseconds between two runs; the first run comes `everyMs` after `start()` unless `runAtStart`. */
  everyMs: number;
  /**
   * Also run once right at `start()` (on the node that claims it): work that
   * piled up while every node was down is done at once, not a period later.
   */
  runAtStart?: boolean;
  /**
   * The work. A throw is logged and the next run comes as planned; a run that
   * outlasts `everyMs` makes the scheduler skip the ticks it overlaps (a job
   * never runs twice at once on a node).
   */
  run(): Promise<unknown>;
}

/** Where the scheduler reports (a pino logger fits). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * PostgreSQL advisory-lock key of the scheduler, in the two-`int4` form
 * (`pg_try_advisory_lock(key1, key2)`): 0x50554C53 is 'PULS'. Advisory locks
 * are per database: deployments (and test databases) never meet.
 */
export const JOBS_LOCK_KEY: readonly [number, number] = [0x50554c53, 1];

/**
 * Advisory-lock key under which a starting node migrates and seeds
 * ({@link withStartupLock}), in the same two-`int4` form.
 */
export const STARTUP_LOCK_KEY: readonly [number, number] = [0x50554c53, 2];

/**
 * Runs `work` (migrations, seeds) while holding the session advisory lock
 * {@link STARTUP_LOCK_KEY} on a connection of its own, waiting for it when
 * another node holds it: API nodes started together on one PostgreSQL
 * database then migrate and seed one after the other (two concurrent
 * migrations would collide on the first `CREATE TABLE`), and the later ones
 * find the work done. Without `databaseUrl` (PGlite: one process, guarded by
 * the data-directory lock) it just runs `work`.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const { Client } = await loadPg();
  const client = new Client({ connectionString: databaseUrl, application_name: 'pulso-startup' });
  client.on('error', () => {
    // The session is gone, and the lock with it: `work` goes on with its own connections.
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session frees the lock.
    await client.end().catch(() => {});
  }
}

/** Options of {@link createScheduler}. */
export interface SchedulerOptions {
  /**
   * PostgreSQL URL (`DATABASE_URL`): the ticks are claimed through a session
   * advisory lock, so that with several API nodes one runs the jobs. Undefined
   * (embedded PGlite, one process by construction): the jobs just run.
   */
  databaseUrl: string | undefined;
  jobs: readonly Job[];
  log: JobLog;
  /** Another lock key, for tests that run several schedulers on one database. */
  lockKey?: readonly [number, number];
  /** Told of each run this node made, when it ends (the metrics' `pulso_job_runs_total`). */
  onRun?: (job: string, outcome: 'ok' | 'failed') => void;
}

/** Runs {@link Job}s on timers; see {@link createScheduler}. */
export interface Scheduler {
  /** Claims the lock at once (on PostgreSQL), then starts every job's timer. */
  start(): void;
  /**
   * Stops the timers, waits for the runs in progress, then gives the lock up
   * (another node takes over at its next tick) and closes its connection.
   */
  stop(): Promise<void>;
  /** Whether this node held the claim at its last tick (always true on PGlite once a job ran). */
  isLeader(): boolean;
}

/**
 * The scheduler of `main.ts`
 * (docs/architecture.md "Realtime and jobs across nodes": scheduled work is
 * claimed through PostgreSQL). On PostgreSQL each node keeps one connection of
 * its own and, at every tick, tries to hold the session advisory lock
 * {@link JOBS_LOCK_KEY}: the node holding it runs the jobs, the others skip the
 * tick. The holder keeps the lock from tick to tick (checking at each tick that
 * its session still holds it), so every tick runs on exactly one node; when it
 * stops, crashes or loses its connection PostgreSQL frees the lock and the next
 * node to tick takes over. If a holder's connection drops while a run is in
 * progress another node may start the same job before that run ends: jobs must
 * be idempotent (ending idle sessions is an update guarded by status).
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { log, databaseUrl } = options;
  const [key1, key2] = options.lockKey ?? JOBS_LOCK_KEY;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let client: pg.Client | null = null;
  let held = false;
  let claiming: Promise<boolean> | null = null;

  const dropConnection = (error: unknown) => {
    const lost = client;
    client = null;
    if (held)
      log.warn({ err: error }, 'jobs: lost the scheduler lock connection; another node may take over');
    held = false;
    lost?.end().catch(() => {});
  };

  async function tryClaim(): Promise<boolean> {
    if (!databaseUrl) {
      held = true;
      return true;
    }
    try {
      if (!client) {
        const { Client } = await loadPg();
        const fresh = new Client({ connectionString: databaseUrl, application_name: 'pulso-jobs' });
        fresh.on('error', (error) => {
          if (client === fresh) dropConnection(error);
        });
        client = fresh;
        await fresh.connect();
      }
      if (held) {
        // The lock lives as long as this session: a row here means it is still ours.
        const still = await client.query(
          `select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()
             and classid = $1::int::oid and objid = $2::int::oid and objsubid = 2 and granted`,
          [key1, key2],
        );
        if ((still.rowCount ?? 0) > 0) return true;
        held = false;
        log.warn({}, 'jobs: the scheduler lock was released under this node');
      }
      const claimed = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
        key1,
        key2,
      ]);
      held = claimed.rows[0]?.ok === true;
      if (held) log.info({}, 'jobs: this node now runs the scheduled jobs');
      return held;
    } catch (error) {
      dropConnection(error);
      log.warn({ err: error }, 'jobs: could not claim the tick');
      return false;
    }
  }

  /** One claim at a time: the jobs' timers share the connection and its answer. */
  function claim(): Promise<boolean> {
    claiming ??= tryClaim().finally(() => {
      claiming = null;
    });
    return claiming;
  }

  function tick(job: Job): void {
    if (stopped || running.has(job.name)) return;
    const run = (async () => {
      if (!(await claim()) || stopped) return;
      const started = Date.now();
      try {
        await job.run();
        options.onRun?.(job.name, 'ok');
      } catch (error) {
        log.error({ err: error, job: job.name, ms: Date.now() - started }, 'jobs: run failed');
        options.onRun?.(job.name, 'failed');
      }
    })().finally(() => running.delete(job.name));
    running.set(job.name, run);
  }

  return {
    start() {
      if (stopped) throw new Error('a stopped scheduler cannot start again');
      for (const job of options.jobs) {
        if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
      }
      // Claim at once: which node runs the jobs is settled (and visible in pg_locks) before the first tick.
      void claim();
      for (const job of options.jobs) {
        if (job.runAtStart) tick(job);
        const timer = setInterval(() => tick(job), job.everyMs);
        // The timers alone never keep the process alive.
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
      await claiming;
      const open = client;
      client = null;
      held = false;
      // Ending the session frees its advisory lock.
      await open?.end().catch(() => {});
    },
    isLeader: () => held,
  };
}
