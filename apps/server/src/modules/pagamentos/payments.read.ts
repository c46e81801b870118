import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

/**
 * What is read of recorded payments: the stored idempotency key of a
 * purchase, the payment under it, and whether a `pendente` one was left
 * long enough to be taken over (docs/operations-and-faults.md "The charge
 * takeover window"). Charging: charge.service.ts.
 */

/** What a charge paid for (`payments.tipo`). */
export type PaymentTipo = 'assinatura' | 'renovacao' | 'troca_plano' | 'atendimento' | 'pedido';

/** A `payments` row. */
export type PaymentRow = typeof payments.$inferSelect;

/** The stored idempotency key of a purchase: the caller's key scoped by user and `tipo` (`u7:pedido:<key>`). */
export function paymentKey(userId: number, tipo: PaymentTipo, key: string): string {
  return `u${userId}:${tipo}:${key}`;
}

/**
 * True, in SQL, when a `pendente` payment's last sign of life (`updated_at`)
 * is more than `retomadaMs` old by the database's own clock: both sides of
 * the comparison are the database's timestamps (microseconds), never a
 * JavaScript `Date` (milliseconds) — docs/operations-and-faults.md.
 */
export function staleSql(retomadaMs: number) {
  return sql<boolean>`${payments.updated_at} < now() - (${Math.max(0, Math.round(retomadaMs))}::integer * interval '1 millisecond')`;
}

/**
 * The payment recorded under the stored key `key` (see {@link paymentKey}),
 * with `retomavel`: whether it is `pendente` and was left longer than
 * `retomadaMs` (its request died, or failed without an answer), so the same
 * key may take it over. `null` when there is none.
 */
export async function findPayment(
  db: Db,
  key: string,
  retomadaMs: number,
): Promise<{ payment: PaymentRow; retomavel: boolean } | null> {
  const [row] = await db
    .select({ payment: payments, stale: staleSql(retomadaMs) })
    .from(payments)
    .where(eq(payments.idempotency_key, key))
    .limit(1);
  if (!row) return null;
  return { payment: row.payment, retomavel: row.payment.status === 'pendente' && row.stale };
}
