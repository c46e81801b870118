import { SANDBOX_MESSAGES } from '@pulso/domain';
import Stripe from 'stripe';
import { PaymentError } from './payments.ts';
import { SANDBOX_UNKNOWN_METHOD } from './payments-sandbox.ts';

/**
 * Stripe's refusals in Pulso's words (docs/payments-and-admin.md "Payment providers"): what the `stripe`
 * provider (payments-stripe.ts) and its billing half (payments-stripe-billing.ts) both throw.
 */

export const NOT_A_CARD = 'Seu cartão não aceita este tipo de compra. Use outro cartão.';

/** pt-BR messages of Stripe's card refusals, by `decline_code` or `code`; others get {@link STRIPE_FALLBACK_MESSAGE}. */
export const STRIPE_DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: SANDBOX_MESSAGES.card_declined,
  insufficient_funds: SANDBOX_MESSAGES.insufficient_funds,
  expired_card: SANDBOX_MESSAGES.expired_card,
  incorrect_cvc: SANDBOX_MESSAGES.incorrect_cvc,
  invalid_cvc: SANDBOX_MESSAGES.incorrect_cvc,
  incorrect_number: 'O número do seu cartão está incorreto.',
  invalid_number: 'O número do seu cartão está incorreto.',
  invalid_expiry_month: 'O mês de validade do seu cartão é inválido.',
  invalid_expiry_year: 'O ano de validade do seu cartão é inválido.',
  processing_error: 'Ocorreu um erro ao processar seu cartão. Tente novamente em instantes.',
  authentication_required:
    'Seu banco pediu a confirmação desta compra. Cadastre o cartão novamente para autorizá-la.',
  card_velocity_exceeded: 'Seu cartão atingiu o limite de compras. Fale com o seu banco ou use outro cartão.',
  withdrawal_count_limit_exceeded:
    'Seu cartão atingiu o limite de compras. Fale com o seu banco ou use outro cartão.',
  currency_not_supported: 'Seu cartão não aceita compras em reais. Use outro cartão.',
  card_not_supported: NOT_A_CARD,
  test_mode_live_card: SANDBOX_MESSAGES.test_mode_live_card,
};

/** Stripe's `amount_too_small`: a card charge under R$ 0,50. */
export const VALOR_MINIMO_MESSAGE = 'O valor mínimo para pagamento com cartão é R$ 0,50.';

/** A refusal whose code Pulso has no text for (e.g. `generic_decline`, `do_not_honor`): worded as a plain decline. */
export const STRIPE_FALLBACK_MESSAGE = SANDBOX_MESSAGES.card_declined;

/**
 * The {@link PaymentError} of a Stripe card refusal: the pt-BR message of
 * its `decline_code` when Pulso knows it (Stripe's `insufficient_funds`
 * arrives as code `card_declined` with that decline code), else of its
 * `code`, else {@link STRIPE_FALLBACK_MESSAGE}; `code` is the decline code,
 * or the code, or `card_declined`.
 */
export function stripeRefusal(codes: { code?: string | null; decline_code?: string | null }): PaymentError {
  const decline = codes.decline_code || undefined;
  const code = codes.code || undefined;
  const message =
    (decline && STRIPE_DECLINE_MESSAGES[decline]) ||
    (code && STRIPE_DECLINE_MESSAGES[code]) ||
    STRIPE_FALLBACK_MESSAGE;
  return new PaymentError(message, decline ?? code ?? 'card_declined');
}

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
