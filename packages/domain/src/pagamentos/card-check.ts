import { type CardBrand, cardDigits } from './sandbox.ts';

/**
 * The card check (docs/payments-and-admin.md "Payment providers"): what a
 * typed card must be before a payment method is made from it — the number's
 * length for its brand and its Luhn check digit, an expiry month 1–12 neither
 * past (a card is good through its expiry month, UTC) nor more than
 * {@link CARD_MAX_YEARS_AHEAD} years ahead, a CVC of the brand's length. The
 * sandbox card form checks it before sending, and the sandbox provider again
 * when it saves the card (platform/payments-sandbox.ts); each check answers
 * its pt-BR message, or `null` when the field passes.
 */

/** pt-BR messages of the card fields. */
export const CARD_MESSAGES = {
  numberRequired: 'Informe o número do cartão',
  numberInvalid: 'Número do cartão inválido',
  expiryRequired: 'Informe a validade',
  expiryInvalid: 'A data de validade do cartão é inválida.',
  expiryPast: 'Este cartão está vencido',
  cvcRequired: 'Informe o CVC',
  cvcLength: (size: number) => `O CVC deve ter ${size} dígitos`,
} as const;

/** How many years ahead an expiry may be. */
export const CARD_MAX_YEARS_AHEAD = 50;

/** The number lengths of each brand (card-network rules); any other brand: 12 to 19 digits. */
const LENGTHS: Partial<Record<CardBrand, readonly number[]>> = {
  visa: [16, 18, 19],
  mastercard: [16],
  amex: [15],
};

/**
 * The brand of a card number from its first digits, as Stripe names it:
 * `amex` (34, 37), `visa` (4), `mastercard` (51–55, 2221–2720), else
 * `unknown` (Elo's ranges are not told apart: its numbers and CVCs follow the
 * general rule).
 */
export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  const first4 = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  return 'unknown';
}

/** How many CVC digits the brand of `number` uses: 4 for American Express, else 3. */
export function cvcSize(number: string): number {
  return cardBrand(number) === 'amex' ? 4 : 3;
}

/** Whether `digits` pass the Luhn (mod 10) check digit. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The number's problem (spaces and dashes ignored): none typed, or a length or check digit wrong for its brand. */
export function cardNumberProblem(number: string): string | null {
  const digits = cardDigits(number);
  if (digits === '') return CARD_MESSAGES.numberRequired;
  const lengths = LENGTHS[cardBrand(digits)];
  const lengthOk = lengths ? lengths.includes(digits.length) : digits.length >= 12 && digits.length <= 19;
  return lengthOk && luhnValid(digits) ? null : CARD_MESSAGES.numberInvalid;
}

/**
 * The expiry's problem at `now`: `month` 1–12 and `year` (4 digits, or 2
 * meaning 20xx) not more than {@link CARD_MAX_YEARS_AHEAD} years ahead, else
 * invalid; before the current UTC month, past.
 */
export function cardExpiryProblem(month: number, year: number, now: Date = new Date()): string | null {
  const fullYear = year < 100 ? 2000 + year : year;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(month) || month < 1 || month > 12) return CARD_MESSAGES.expiryInvalid;
  if (!Number.isInteger(fullYear) || fullYear > thisYear + CARD_MAX_YEARS_AHEAD) {
    return CARD_MESSAGES.expiryInvalid;
  }
  if (fullYear * 12 + month < thisYear * 12 + now.getUTCMonth() + 1) return CARD_MESSAGES.expiryPast;
  return null;
}

/** The CVC's problem: none typed, or not exactly {@link cvcSize} digits for the brand of `number`. */
export function cardCvcProblem(cvc: string, number: string): string | null {
  if (cvc === '') return CARD_MESSAGES.cvcRequired;
  const size = cvcSize(number);
  return new RegExp(`^\\d{${size}}$`).test(cvc) ? null : CARD_MESSAGES.cvcLength(size);
}
