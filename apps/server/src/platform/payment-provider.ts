import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PaymentProvider } from './payments.ts';
import { sandboxPaymentProvider } from './payments-sandbox.ts';
import { stripePaymentProvider } from './payments-stripe.ts';

/**
 * The card payment provider `config.payments` chooses (`PAYMENT_PROVIDER`;
 * issue 8 "Payment providers"): the offline sandbox over `db` (default), or
 * Stripe with the configured secret and publishable keys. The sandbox takes
 * the test-only `testDelays.sandboxChargeMs`.
 */
export function createPaymentProvider(
  config: Pick<Config, 'payments'> & Partial<Pick<Config, 'testDelays'>>,
  db: Db,
): PaymentProvider {
  const payments = config.payments;
  if (payments.provider === 'stripe') {
    return stripePaymentProvider({ secretKey: payments.secretKey, publishableKey: payments.publishableKey });
  }
  return sandboxPaymentProvider(db, { chargeDelayMs: config.testDelays?.sandboxChargeMs ?? 0 });
}
