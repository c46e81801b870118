import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, lockHolders, sleep, until } from '../test/cluster.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/harness.ts';
import { createScheduler, type Scheduler } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** On PostgreSQL the harness's fresh database (its own advisory locks); on PGlite none. */
const databaseUrl = () => t.config.databaseUrl;

describe(`createScheduler (${TEST_ENGINE})`, () => {
  it('runs each job every everyMs, the first time after everyMs, and never after stop()', async () => {
    const runs: number[] = [];
    const started = Date.now();
    const scheduler = createScheduler({
      databaseUrl: databaseUrl(),
      log: captureLog(),
      jobs: [{ name: 'contar', everyMs: 40, run: async () => runs.push(Date.now() - started) }],
    });
    scheduler.start();
    try {
      await until(() => runs.length >= 4);
    } finally {
      await scheduler.stop();
    }
    expect(runs[0]).toBeGreaterThanOrEqual(35);
    const count = runs.length;
    await sleep(150);
    expect(runs).toHaveLength(count);
    expect(() => scheduler.start()).toThrow(/cannot start again/);
  });

  it('runs a runAtStart job at once, then every everyMs', async () => {
    let runs = 0;
    const scheduler = createScheduler({
      databaseUrl: databaseUrl(),
      log: captureLog(),
      jobs: [{ name: 'na-partida', everyMs: 60_000, runAtStart: true, run: async () => (runs += 1) }],
    });
    scheduler.start();
    try {
      await until(() => runs === 1);
      await sleep(200);
      expect(runs).toBe(1);
    } finally {
      await scheduler.stop();
    }
  });

  it('logs a failing run and runs the job again at the next tick, telling onRun of each', async () => {
    const log = captureLog();
    let calls = 0;
    const runs: string[] = [];
    const scheduler = createScheduler({
      databaseUrl: databaseUrl(),
      log,
      onRun: (job, outcome) => runs.push(`${job}:${outcome}`),
      jobs: [
        {
          name: 'falha',
          everyMs: 30,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('banco indisponível');
          },
        },
      ],
    });
    scheduler.start();
    try {
      await until(() => calls >= 3);
    } finally {
      await scheduler.stop();
    }
    const failures = log.lines.filter((l) => l.level === 'error');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.msg).toBe('jobs: run failed');
    expect(failures[0]?.obj).toMatchObject({ job: 'falha', err: new Error('banco indisponível') });
    expect(runs.slice(0, 3)).toEqual(['falha:failed', 'falha:ok', 'falha:ok']);
  });

  it('never overlaps a slow run with itself, and stop() waits for the run in progress', async () => {
    let active = 0;
    let most = 0;
    let finished = 0;
    const scheduler: Scheduler = createScheduler({
      databaseUrl: databaseUrl(),
      log: captureLog(),
      jobs: [
        {
          name: 'lento',
          everyMs: 20,
          run: async () => {
            active += 1;
            most = Math.max(most, active);
            await sleep(90);
            active -= 1;
            finished += 1;
          },
        },
      ],
    });
    scheduler.start();
    await until(() => active === 1 && finished >= 2);
    await scheduler.stop();
    expect(active).toBe(0);
    expect(most).toBe(1);
  });

  it(
    TEST_ENGINE === 'postgres'
      ? 'holds the advisory lock on a connection of its own while it runs, and frees it on stop()'
      : 'runs without any claim on PGlite (one process by construction)',
    async () => {
      let runs = 0;
      const scheduler = createScheduler({
        databaseUrl: databaseUrl(),
        log: captureLog(),
        jobs: [{ name: 'um', everyMs: 20, run: async () => (runs += 1) }],
      });
      expect(scheduler.isLeader()).toBe(false);
      scheduler.start();
      await until(() => runs >= 1);
      expect(scheduler.isLeader()).toBe(true);
      if (TEST_ENGINE === 'postgres') {
        const holders = await lockHolders(databaseUrl() as string);
        expect(holders.map((h) => h.application_name)).toEqual(['pulso-jobs']);
        await scheduler.stop();
        await until(async () => (await lockHolders(databaseUrl() as string)).length === 0);
      } else {
        await scheduler.stop();
        expect(databaseUrl()).toBeUndefined();
      }
      expect(scheduler.isLeader()).toBe(false);
    },
  );
});
