import type { CardView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payment_customers } from '../../db/schema/index.ts';
import { PaymentError } from '../../platform/payments.ts';
import { paymentRefused } from './charge.service.ts';
import { ensureCustomer, type PaymentDeps } from './customers.service.ts';

/**
 * The saved card of a user (docs/payments-and-admin.md "Saved card"; issue 8
 * "Change card"): the payment method the plan renews on, with what /planos
 * shows.
 */

/** The saved card and the provider ids, or `null` when the user has none (with the current provider). */
export async function savedCard(
  deps: PaymentDeps,
  userId: number,
): Promise<{ customerId: string; paymentMethodId: string; card: CardView; saldo: number } | null> {
  const [row] = await deps.db
    .select()
    .from(payment_customers)
    .where(eq(payment_customers.user_id, userId))
    .limit(1);
  if (!row || row.provider !== deps.payments.mode || !row.payment_method_id || !row.card_last4) return null;
  return {
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    card: {
      brand: row.card_brand ?? 'unknown',
      last4: row.card_last4,
      exp_month: row.card_exp_month ?? 0,
      exp_year: row.card_exp_year ?? 0,
    },
    saldo: row.saldo,
  };
}

/**
 * Attaches `paymentMethodId` to the user's customer and keeps it as the
 * saved card. Errors: 402 with the provider's message when it refuses the card.
 */
export async function saveCard(
  deps: PaymentDeps,
  userId: number,
  paymentMethodId: string,
): Promise<CardView> {
  const customerId = await ensureCustomer(deps, userId);
  let card: CardView;
  try {
    card = await deps.payments.attachPaymentMethod(customerId, paymentMethodId);
  } catch (error) {
    if (error instanceof PaymentError) throw paymentRefused(error.message);
    throw error;
  }
  await deps.db
    .update(payment_customers)
    .set({
      payment_method_id: paymentMethodId,
      card_brand: card.brand,
      card_last4: card.last4,
      card_exp_month: card.exp_month,
      card_exp_year: card.exp_year,
      updated_at: new Date(),
    })
    .where(eq(payment_customers.user_id, userId));
  return card;
}

/** Moves the user's credit balance by `delta` centavos (never below 0) inside `tx`. */
export async function addSaldo(tx: Db, userId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  const [row] = await tx
    .select({ saldo: payment_customers.saldo })
    .from(payment_customers)
    .where(eq(payment_customers.user_id, userId))
    .for('update')
    .limit(1);
  if (!row) return;
  await tx
    .update(payment_customers)
    .set({ saldo: Math.max(0, row.saldo + delta), updated_at: new Date() })
    .where(eq(payment_customers.user_id, userId));
}
