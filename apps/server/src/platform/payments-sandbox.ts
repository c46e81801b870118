import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CardBrand,
  cardCvcProblem,
  cardDigits,
  cardExpiryProblem,
  cardNumberProblem,
  SANDBOX_MESSAGES,
  type SandboxFalha,
  sandboxCard,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sandbox_charges, sandbox_payment_methods } from '../db/schema/index.ts';
import { type CardInfo, PaymentError, type PaymentProvider } from './payments.ts';

/**
 * The offline `sandbox` payment provider (docs/payments-and-admin.md
 * "Payment providers"; issue 8): behaves like Stripe's test mode without a
 * network. Payment methods are rows of `sandbox_payment_methods` made by
 * {@link createSandboxPaymentMethod} (`POST /api/sandbox/payment-methods`,
 * the stand-in for Stripe.js `createPaymentMethod`); charging one does what
 * its test number does on Stripe: 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 lacks funds; any
 * other number is refused as a live card in test mode. As on Stripe, a
 * declined, expired or wrong-CVC card is already refused when saved; one
 * without funds is saved and refused when charged.
 */

const id = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('hex')}`;

/** Refusals raised when the card is saved, as Stripe's SetupIntent confirmation raises them. */
const FAILS_WHEN_SAVED: readonly string[] = [
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'test_mode_live_card',
];

/** The card fields of `POST /api/sandbox/payment-methods` (Stripe's `card` object). */
export interface SandboxCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * Creates a sandbox payment method, as Stripe.js `createPaymentMethod` does:
 * checks the card with the domain's card check (`card-check.ts`: number,
 * expiry, CVC; the messages the web's card form shows too), then stores
 * what the card is and does — never its number. Returns Stripe's
 * shape `{id, card: {brand, last4, exp_month, exp_year}}`. Throws
 * {@link PaymentError} with Stripe's codes (`incorrect_number`,
 * `invalid_expiry_month`, `invalid_expiry_year`, `invalid_cvc`).
 */
export async function createSandboxPaymentMethod(
  db: Db,
  input: SandboxCardInput,
  now: Date = new Date(),
): Promise<{ id: string; card: CardInfo }> {
  const digits = cardDigits(input.number);
  const numberProblem = cardNumberProblem(digits);
  if (numberProblem) throw new PaymentError(numberProblem, 'incorrect_number');
  const expiryProblem = cardExpiryProblem(input.exp_month, input.exp_year, now);
  if (expiryProblem) {
    const monthWrong = !Number.isInteger(input.exp_month) || input.exp_month < 1 || input.exp_month > 12;
    throw new PaymentError(expiryProblem, monthWrong ? 'invalid_expiry_month' : 'invalid_expiry_year');
  }
  const cvcProblem = cardCvcProblem(input.cvc, digits);
  if (cvcProblem) throw new PaymentError(cvcProblem, 'invalid_cvc');
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  const known = sandboxCard(digits);
  const brand: CardBrand = known?.brand ?? 'unknown';
  const row = {
    id: id('pm'),
    brand,
    last4: digits.slice(-4),
    exp_month: input.exp_month,
    exp_year: year,
    falha: known ? known.falha : 'test_mode_live_card',
  };
  await db.insert(sandbox_payment_methods).values(row);
  return { id: row.id, card: { brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year } };
}

function refusal(falha: string): PaymentError {
  const message =
    SANDBOX_MESSAGES[falha as SandboxFalha | 'test_mode_live_card'] ?? SANDBOX_MESSAGES.card_declined;
  return new PaymentError(message, falha);
}

/** pt-BR message of a payment method id the sandbox does not know (Stripe's `resource_missing`). */
export const SANDBOX_UNKNOWN_METHOD = 'Forma de pagamento não encontrada. Informe o cartão novamente.';

/** Options of {@link sandboxPaymentProvider}. */
export interface SandboxOptions {
  /**
   * Test-only (`SANDBOX_CHARGE_DELAY_MS`): answer a charge this many ms
   * after recording it, so a fault test can kill the server mid-charge.
   */
  chargeDelayMs?: number;
}

/**
 * The `sandbox` {@link PaymentProvider} over its tables. A charge is
 * recorded in `sandbox_charges` under its idempotency key, as Stripe does:
 * the same key again answers the first charge's id and charges nothing;
 * the same key with another amount or card is an error (Stripe's
 * `idempotency_error`), not a refusal.
 */
export function sandboxPaymentProvider(db: Db, options: SandboxOptions = {}): PaymentProvider {
  const chargeDelayMs = options.chargeDelayMs ?? 0;
  const find = async (paymentMethodId: string) => {
    const [row] = await db
      .select()
      .from(sandbox_payment_methods)
      .where(eq(sandbox_payment_methods.id, paymentMethodId))
      .limit(1);
    if (!row) throw new PaymentError(SANDBOX_UNKNOWN_METHOD, 'resource_missing');
    return row;
  };
  return {
    mode: 'sandbox',
    async createCustomer() {
      return id('cus');
    },
    async createSetupIntent() {
      const setup = id('seti');
      return { client_secret: `${setup}_secret_${randomBytes(12).toString('hex')}` };
    },
    async attachPaymentMethod(customerId, paymentMethodId) {
      const row = await find(paymentMethodId);
      if (row.customer_id && row.customer_id !== customerId) {
        throw new PaymentError(SANDBOX_UNKNOWN_METHOD, 'resource_missing');
      }
      if (row.falha && FAILS_WHEN_SAVED.includes(row.falha)) throw refusal(row.falha);
      await db
        .update(sandbox_payment_methods)
        .set({ customer_id: customerId })
        .where(eq(sandbox_payment_methods.id, paymentMethodId));
      return { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year };
    },
    async charge(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError('bad amount');
      const row = await find(input.paymentMethodId);
      if (row.customer_id && row.customer_id !== input.customerId) {
        throw new PaymentError(SANDBOX_UNKNOWN_METHOD, 'resource_missing');
      }
      if (row.falha) throw refusal(row.falha);
      const [charged] = await db
        .insert(sandbox_charges)
        .values({
          id: id('pi'),
          idempotency_key: input.idempotencyKey,
          customer_id: input.customerId,
          payment_method_id: input.paymentMethodId,
          amount: input.amount,
        })
        .onConflictDoNothing({ target: sandbox_charges.idempotency_key })
        .returning({ id: sandbox_charges.id });
      let chargeId = charged?.id;
      if (!chargeId) {
        const [first] = await db
          .select()
          .from(sandbox_charges)
          .where(eq(sandbox_charges.idempotency_key, input.idempotencyKey))
          .limit(1);
        if (!first || first.amount !== input.amount || first.payment_method_id !== input.paymentMethodId) {
          throw new Error('sandbox: idempotency key reused with other parameters');
        }
        chargeId = first.id;
      }
      if (chargeDelayMs > 0) await sleep(chargeDelayMs);
      return { id: chargeId };
    },
  };
}
