import { z } from 'zod';

/**
 * Bounds of the database's number columns (`docs/validation-and-errors.md`
 * "Numbers"): every number a route writes or looks up is checked against
 * its column before it reaches the database, so a value past it is a 422,
 * never a database error.
 */

/** Largest `integer` (int4): ids, centavos, counters. */
export const INT4_MAX = 2_147_483_647;
/** Largest `smallint` (int2). */
export const SMALLINT_MAX = 32_767;
/** Largest `numeric(12,2)`. */
export const NUMERIC_12_2_MAX = 9_999_999_999.99;

/** A row id in a path or query (`'42'` or 42): a whole number from 1 to {@link INT4_MAX}. */
export function idParam(message?: string) {
  const error = message ? { error: message } : undefined;
  return z.coerce
    .number(error)
    .int(message)
    .positive(message)
    .max(INT4_MAX, message ?? 'Identificador inválido.');
}
