import {
  CARD_MESSAGES,
  cardCvcProblem,
  cardDigits,
  cardExpiryProblem,
  cardNumberProblem,
} from '@pulso/domain';
import cardValidator from 'card-validator';

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
  return cardValidator.number(cardDigits(number)).card?.niceType ?? null;
}

/**
 * Checks a typed card before anything is sent, by the domain's card check
 * (packages/domain card-check.ts: number, expiry, CVC), the expiry read as
 * `MM/AA`. Answers the pt-BR errors per field and, when all pass, the payload to send.
 */
export function validateCard(
  values: CardFieldsValues,
  now: Date = new Date(),
): { errors: CardFieldsErrors; payload: CardPayload | null } {
  const errors: CardFieldsErrors = {};
  const number = cardNumberProblem(values.number);
  if (number) errors.number = number;

  const expiry = values.expiry.trim();
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  const month = Number(match?.[1]);
  const year = 2000 + Number(match?.[2]);
  if (expiry === '') errors.expiry = CARD_MESSAGES.expiryRequired;
  else if (!match) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    const problem = cardExpiryProblem(month, year, now);
    if (problem) errors.expiry = problem;
  }

  const cvc = cardDigits(values.cvc);
  const cvcProblem = cardCvcProblem(cvc, values.number);
  if (cvcProblem) errors.cvc = cvcProblem;

  if (Object.keys(errors).length > 0) return { errors, payload: null };
  return {
    errors,
    payload: { number: cardDigits(values.number), exp_month: month, exp_year: year, cvc },
  };
}
