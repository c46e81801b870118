import pg from 'pg';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: () => void,
) => void;

/**
 * node-postgres's pool, telling how long the oldest request for a
 * connection has waited (`oldestWaitMs`, ms; 0 when none waits): the
 * overload shedding compares it with its bound, as it does PGlite's turns
 * (docs/resilience.md "Overload"), so that past the pool's capacity new
 * requests get a prompt 503 rather than a place in a queue that may last
 * until `connectionTimeoutMillis`. Every query and transaction checks a
 * connection out through `connect` (`pool.query` too).
 */
export class MeasuredPool extends pg.Pool {
  readonly #waiting = new Set<{ since: number }>();

  oldestWaitMs(): number {
    const oldest = this.#waiting.values().next().value;
    return oldest ? performance.now() - oldest.since : 0;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's overloads (callback or promise) are passed through as they are.
  override connect(callback?: ConnectCallback): any {
    const wait = { since: performance.now() };
    this.#waiting.add(wait);
    if (callback) {
      return super.connect((error, client, release) => {
        this.#waiting.delete(wait);
        callback(error, client, release);
      });
    }
    return super.connect().finally(() => this.#waiting.delete(wait));
  }
}
