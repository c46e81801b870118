import { SANDBOX_MESSAGES } from '@pulso/domain';
import { PaymentError } from './payments.ts';

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
