import { setImmediate } from 'node:timers';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Turns for the embedded database (docs/resilience.md "Overload"). PGlite
 * runs its queries in this thread, and a query's promise settles in
 * microtasks: under load, a hundred requests' queries run back to back in
 * one turn of the event loop. Node accepts one new connection per turn
 * (libuv since 2022), so a turn of seconds left the last connections of a
 * burst unaccepted for more than 10 s. Here queries run one at a time, in
 * arrival order, and once `budgetMs` of them have run back to back the rest
 * wait for the next turn: sockets are read and connections accepted at least
 * every `budgetMs` or so. How long the oldest waiting query has waited is the
 * embedded database's measure of overload.
 */
export interface TurnScheduler {
  /** Runs `job` alone, after the jobs that came before it; answers what it answers. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** How long (ms) the oldest job still waiting has waited; 0 when none waits. */
  queueDelayMs(): number;
  /** Jobs running (0 or 1) and waiting now. */
  load(): { running: number; waiting: number };
}

/** The work (ms) the embedded database does back to back before it lets the event loop turn. */
export const PGLITE_TURN_BUDGET_MS = 10;

/** A {@link TurnScheduler} that yields a turn of the event loop after `budgetMs` of back-to-back jobs. */
export function createTurnScheduler(budgetMs: number): TurnScheduler {
  const waiting: { since: number; start: () => void }[] = [];
  let busy = false;
  // When the current stretch of back-to-back jobs began (null: none); a setImmediate ends it.
  let stretchStart: number | null = null;

  const endStretch = () => {
    stretchStart = null;
    pump();
  };
  function pump(): void {
    if (busy || waiting.length === 0) return;
    if (stretchStart !== null && performance.now() - stretchStart >= budgetMs) return; // endStretch pumps
    if (stretchStart === null) {
      stretchStart = performance.now();
      setImmediate(endStretch);
    }
    busy = true;
    waiting.shift()?.start();
  }

  return {
    async run(job) {
      await new Promise<void>((start) => {
        waiting.push({ since: performance.now(), start });
        pump();
      });
      try {
        return await job();
      } finally {
        busy = false;
        pump();
      }
    },
    queueDelayMs: () => (waiting[0] ? performance.now() - waiting[0].since : 0),
    load: () => ({ running: busy ? 1 : 0, waiting: waiting.length }),
  };
}

/**
 * `client` with its `query`, `exec` and `transaction` (what Drizzle and the
 * migrator call) run through `scheduler`; a transaction is one job, its own
 * queries inside it are not queued again. PGlite already runs these one at a
 * time (a query inside another's transaction would wait for ever either way).
 */
export function withTurns(client: PGlite, scheduler: TurnScheduler): PGlite {
  const queued = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!queued.has(property)) return value.bind(target);
      return (...args: unknown[]) => scheduler.run(() => value.apply(target, args));
    },
  });
}
