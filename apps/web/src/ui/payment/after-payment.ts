import type { QueryClient } from '@tanstack/react-query';

/**
 * After a payment (a plan, a plan change, a teleconsultation, stickers) every cached
 * read is stale: the trial lock (`isLocked`,
 * docs/accounts.md "Trial and locked accounts"), the credit (`hasCredit`) and the plan
 * quota are in the user views of many screens (the shell's `['user']`, /home, the
 * timeline, the indicators, telemedicine). Marking them all stale lifts the lock at
 * once: what is on screen is read again now, the rest on its next visit. Queries marked
 * `meta: {oneShot: true}` (a SetupIntent, made anew on each read) are left alone.
 */
export function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.oneShot !== true });
}

/** The `Idempotency-Key` header of a charge (issue 8: a double click or a retry charges once). */
export function idempotencyHeaders(idempotencyKey: string): Record<string, string> {
  return { 'Idempotency-Key': idempotencyKey };
}
