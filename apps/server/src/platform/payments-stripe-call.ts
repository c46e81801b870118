import Stripe from 'stripe';
import { PaymentError } from './payments.ts';
import { SANDBOX_UNKNOWN_METHOD } from './payments-sandbox.ts';
import { stripeRefusal, VALOR_MINIMO_MESSAGE } from './payments-stripe-errors.ts';

// With payments-stripe.ts, the only modules that import Stripe's SDK statically: both are loaded only in Stripe
// mode (platform/payment-provider.ts; the webhook imports the SDK in its handler), so a sandbox server never loads it.

/**
 * Card refusals become {@link PaymentError}; so does an unknown payment
 * method id (`resource_missing`, a stale or forged id from the browser).
 * Anything else (network, authentication, rate limit, Stripe's 5xx, a bad
 * request) is not a refusal and is rethrown: the payment stays `pendente`.
 */
function mapError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError) return stripeRefusal(error);
  // Under Stripe's minimum charge (R$ 0,50; Pulso does not ask for one, see the domain's `cobravel`).
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'amount_too_small') {
    return new PaymentError(VALOR_MINIMO_MESSAGE, 'amount_too_small');
  }
  // A subscription whose first payment needs the bank's confirmation (payment_behavior error_if_incomplete).
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code?.includes('requires_action')) {
    return stripeRefusal({ code: 'authentication_required' });
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
    return new PaymentError(SANDBOX_UNKNOWN_METHOD, 'resource_missing');
  }
  return error;
}

/** Runs one Stripe request, its refusals as {@link PaymentError} (see `mapError`). */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw mapError(error);
  }
}
