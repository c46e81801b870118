import type { FastifyBaseLogger } from 'fastify';

// Deliveries still in flight, per app: awaited on close (and by tests) so that no mail is lost.
const inFlight = new WeakMap<object, Set<Promise<void>>>();

/**
 * Runs a mail-sending job without making the request wait for the mail
 * server. A failure is logged without the body or the address (the body
 * holds a single-use token).
 */
export function runMailJob(
  ctx: object,
  log: FastifyBaseLogger,
  kind: string,
  job: () => Promise<void>,
): void {
  let pending = inFlight.get(ctx);
  if (!pending) {
    pending = new Set();
    inFlight.set(ctx, pending);
  }
  const set = pending;
  const delivery: Promise<void> = job()
    .catch((error: Error & { code?: string; responseCode?: number }) => {
      log.error(
        { err: { type: error.name, code: error.code, responseCode: error.responseCode }, kind },
        'mail delivery failed',
      );
    })
    .finally(() => set.delete(delivery));
  set.add(delivery);
}

/** Resolves when every job handed to {@link runMailJob} for `ctx` has been delivered or has failed. */
export async function mailIdle(ctx: object): Promise<void> {
  const pending = inFlight.get(ctx);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
