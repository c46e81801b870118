import cardValidator from 'card-validator';

/** pt-BR messages of the card fields (issue 8 "Payment providers": checked before sending). */
export const CARD_MESSAGES = {
  numberRequired: 'Informe o número do cartão',
  numberInvalid: 'Número do cartão inválido',
  expiryRequired: 'Informe a validade',
  expiryInvalid: 'Validade inválida. Use MM/AA',
  expiryPast: 'Este cartão está vencido',
  cvcRequired: 'Informe o CVC',
  cvcLength: (size: number) => `O CVC deve ter ${size} dígitos`,
} as const;

/** What the sandbox card form holds: the masked texts as typed. */
export interface CardFieldsValues {
  number: string;
  expiry: string;
  cvc: string;
}

/** A field's message, per field that failed. */
export type CardFieldsErrors = Partial<Record<keyof CardFieldsValues, string>>;

/** Stripe's card fields (`POST /api/sandbox/payment-methods`): digits only, a 4-digit year. */
export interface CardPayload {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** The card's brand as card-validator tells it from the first digits ('Visa', 'American Express'), or null. */
export function cardBrandName(number: string): string | null {
  return cardValidator.number(number.replace(/\D/g, '')).card?.niceType ?? null;
}

/** How many CVC digits the brand of `number` uses (4 for American Express, else 3). */
export function cvcSize(number: string): number {
  return cardValidator.number(number.replace(/\D/g, '')).card?.code.size ?? 3;
}

/**
 * Checks a typed card with card-validator before anything is sent: the
 * number's length for its brand and its Luhn check digit; the expiry `MM/AA`
 * with a month 01–12, not past (a card is good through its expiry month)
 * and not absurdly far ahead; the CVC's length for the brand. Answers the
 * pt-BR errors per field and, when all pass, the payload to send.
 */
export function validateCard(
  values: CardFieldsValues,
  now: Date = new Date(),
): { errors: CardFieldsErrors; payload: CardPayload | null } {
  const errors: CardFieldsErrors = {};
  const digits = values.number.replace(/\D/g, '');
  const numberCheck = cardValidator.number(digits);
  if (digits === '') errors.number = CARD_MESSAGES.numberRequired;
  else if (!numberCheck.isValid) errors.number = CARD_MESSAGES.numberInvalid;

  const expiry = values.expiry.trim();
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  const month = match ? Number(match[1]) : Number.NaN;
  const year = match ? 2000 + Number(match[2]) : Number.NaN;
  if (expiry === '') errors.expiry = CARD_MESSAGES.expiryRequired;
  else if (!match || month < 1 || month > 12) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1)
    errors.expiry = CARD_MESSAGES.expiryPast;
  else if (!cardValidator.expirationDate({ month: String(month), year: String(year) }).isValid) {
    errors.expiry = CARD_MESSAGES.expiryInvalid;
  }

  const size = numberCheck.card?.code.size ?? 3;
  const cvc = values.cvc.replace(/\D/g, '');
  if (cvc === '') errors.cvc = CARD_MESSAGES.cvcRequired;
  else if (!cardValidator.cvv(cvc, size).isValid) errors.cvc = CARD_MESSAGES.cvcLength(size);

  if (Object.keys(errors).length > 0) return { errors, payload: null };
  return { errors, payload: { number: digits, exp_month: month, exp_year: year, cvc } };
}
