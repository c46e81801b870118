/**
 * The offline `sandbox` payment provider's cards (docs/payments-and-admin.md
 * "Payment providers"; issue 8 "Payment providers"): Stripe's documented test
 * numbers behave as they do in Stripe's test mode, with Stripe's pt-BR
 * messages; any other number is refused as Stripe's test mode refuses a real
 * card. Only the sandbox reads card numbers: in `stripe` mode they never
 * reach Pulso.
 */

/** Card brands as Stripe names them (`card.brand`). */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'elo' | 'unknown';

/** Why a sandbox charge or card was refused (Stripe's `decline_code` / `code`). */
export type SandboxFalha = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';

/** pt-BR messages of refused cards, as Stripe words them for a pt-BR customer. */
export const SANDBOX_MESSAGES: Record<SandboxFalha | 'test_mode_live_card', string> = {
  card_declined: 'Seu cartão foi recusado.',
  insufficient_funds: 'Seu cartão não tem saldo suficiente.',
  expired_card: 'Seu cartão está vencido.',
  incorrect_cvc: 'O código de segurança do seu cartão está incorreto.',
  test_mode_live_card: 'Seu cartão foi recusado. Em modo de teste, use um cartão de teste.',
};

/** What a test card does when charged: succeed, or fail with a reason. */
export interface SandboxCard {
  brand: CardBrand;
  /** `null`: every charge succeeds. */
  falha: SandboxFalha | null;
}

/** Stripe's test numbers the sandbox knows (digits only). */
export const SANDBOX_CARDS: Readonly<Record<string, SandboxCard>> = {
  '4242424242424242': { brand: 'visa', falha: null },
  '4000056655665556': { brand: 'visa', falha: null },
  '5555555555554444': { brand: 'mastercard', falha: null },
  '2223003122003222': { brand: 'mastercard', falha: null },
  '378282246310005': { brand: 'amex', falha: null },
  '4000000000000002': { brand: 'visa', falha: 'card_declined' },
  '4000000000009995': { brand: 'visa', falha: 'insufficient_funds' },
  '4000000000000069': { brand: 'visa', falha: 'expired_card' },
  '4000000000000127': { brand: 'visa', falha: 'incorrect_cvc' },
};

/** The digits of a typed card number ('4242 4242 4242 4242' → '4242424242424242'). */
export function cardDigits(number: string): string {
  return number.replace(/\D/g, '');
}

/**
 * The sandbox's behaviour for a card number: the test card, or `null` for a
 * number it does not know (refused with
 * {@link SANDBOX_MESSAGES.test_mode_live_card}, as in Stripe's test mode).
 */
export function sandboxCard(number: string): SandboxCard | null {
  return SANDBOX_CARDS[cardDigits(number)] ?? null;
}
