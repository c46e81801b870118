/**
 * Recognising a database outage (docs/operations-and-faults.md "Database
 * outage"): the error handler answers these with 503, `Retry-After` and
 * {@link SERVICE_UNAVAILABLE_MESSAGE} instead of a 500, and the pool
 * reconnects by itself once the database is back.
 */

/** Seconds a client is asked to wait (`Retry-After`) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going or not there yet: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300
 * too_many_connections.
 */
const SQLSTATES = /^(08...|57P0[123]|53300)$/;

/** What node-postgres, its pool and PGlite say when there is no usable connection. */
const MESSAGES =
  /^(Connection terminated|Connection terminated unexpectedly|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool|PGlite is closed)\b/;

/**
 * True when `error` — or any error in its `cause` chain (Drizzle wraps the
 * driver's error as `cause`) — says the database could not be reached:
 * a socket error code, a connection-class SQLSTATE, or a pool/PGlite message
 * of a lost or closed connection. False for every other error (a constraint
 * violation, a bad query): those stay 4xx/500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // AggregateError (a host with several addresses refused on each).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = cause;
  }
  return false;
}
