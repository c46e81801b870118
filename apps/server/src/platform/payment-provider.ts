import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PaymentProvider } from './payments.ts';
import { sandboxPaymentProvider } from './payments-sandbox.ts';

/**
 * The card payment provider `config.payments` chooses (`PAYMENT_PROVIDER`;
 * issue 8 "Payment providers"): the offline sandbox over `db` (default), or
 * Stripe with the configured secret and publishable keys. The sandbox takes
 * the test-only `testDelays.sandboxChargeMs`. Stripe's SDK (about 18 MB once
 * loaded) is imported only in Stripe mode (docs/performance.md "The embedded
 * database's memory").
 */
export async function createPaymentProvider(
  config: Pick<Config, 'payments'> & Partial<Pick<Config, 'testDelays'>>,
  db: Db,
): Promise<PaymentProvider> {
  const payments = config.payments;
  if (payments.provider === 'stripe') {
    const { stripePaymentProvider } = await import('./payments-stripe.ts');
    return stripePaymentProvider({ secretKey: payments.secretKey, publishableKey: payments.publishableKey });
  }
  return sandboxPaymentProvider(db, { chargeDelayMs: config.testDelays?.sandboxChargeMs ?? 0 });
}
