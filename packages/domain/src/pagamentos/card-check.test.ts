import { describe, expect, it } from 'vitest';
import {
  CARD_MAX_YEARS_AHEAD,
  CARD_MESSAGES,
  cardBrand,
  cardCvcProblem,
  cardExpiryProblem,
  cardNumberProblem,
  cvcSize,
} from './card-check.ts';

const NOW = new Date('2026-11-24T12:00:00Z');

describe('cardBrand and cvcSize', () => {
  it('tell the brand from the first digits, Stripe-named', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('3782 8224')).toBe('amex');
    expect(cardBrand('34')).toBe('amex');
    expect(cardBrand('5100')).toBe('mastercard');
    expect(cardBrand('5599')).toBe('mastercard');
    expect(cardBrand('5600')).toBe('unknown');
    expect(cardBrand('2221')).toBe('mastercard');
    expect(cardBrand('2720')).toBe('mastercard');
    expect(cardBrand('2220')).toBe('unknown');
    expect(cardBrand('2721')).toBe('unknown');
    expect(cardBrand('')).toBe('unknown');
  });

  it('asks 4 CVC digits on American Express only', () => {
    expect(cvcSize('3782')).toBe(4);
    expect(cvcSize('5555')).toBe(3);
    expect(cvcSize('')).toBe(3);
  });
});

describe('cardNumberProblem', () => {
  it('accepts the test cards, typed with spaces or dashes', () => {
    for (const number of [
      '4242 4242 4242 4242',
      '5555-5555-5555-4444',
      '3782 822463 10005',
      '2223003122003222',
    ]) {
      expect(cardNumberProblem(number)).toBeNull();
    }
  });

  it('asks for a number when none is typed', () => {
    expect(cardNumberProblem('')).toBe(CARD_MESSAGES.numberRequired);
    expect(cardNumberProblem(' - ')).toBe(CARD_MESSAGES.numberRequired);
  });

  it('refuses a wrong check digit', () => {
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(CARD_MESSAGES.numberInvalid);
  });

  it('refuses a length its brand does not issue, even when the check digit is right', () => {
    // 4242 4242 4242 passes Luhn, but Visa numbers have 16, 18 or 19 digits.
    expect(cardNumberProblem('4242 4242 4242')).toBe(CARD_MESSAGES.numberInvalid);
    expect(cardNumberProblem('378282246310005')).toBeNull();
    expect(cardNumberProblem('3782822463100058')).toBe(CARD_MESSAGES.numberInvalid);
  });

  it('takes 12 to 19 digits from other brands', () => {
    expect(cardNumberProblem('000000000000')).toBeNull();
    expect(cardNumberProblem('00000000000')).toBe(CARD_MESSAGES.numberInvalid);
    expect(cardNumberProblem('0000000000000000000')).toBeNull();
    expect(cardNumberProblem('00000000000000000000')).toBe(CARD_MESSAGES.numberInvalid);
  });
});

describe('cardExpiryProblem', () => {
  it('accepts the current month and refuses the month before it (UTC)', () => {
    expect(cardExpiryProblem(11, 2026, NOW)).toBeNull();
    expect(cardExpiryProblem(10, 2026, NOW)).toBe(CARD_MESSAGES.expiryPast);
    expect(cardExpiryProblem(12, 2025, NOW)).toBe(CARD_MESSAGES.expiryPast);
    expect(cardExpiryProblem(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(CARD_MESSAGES.expiryPast);
  });

  it('reads a 2-digit year as 20xx', () => {
    expect(cardExpiryProblem(12, 30, NOW)).toBeNull();
    expect(cardExpiryProblem(10, 26, NOW)).toBe(CARD_MESSAGES.expiryPast);
  });

  it('refuses a month outside 1–12', () => {
    expect(cardExpiryProblem(0, 2030, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(cardExpiryProblem(13, 2030, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(cardExpiryProblem(1.5, 2030, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(cardExpiryProblem(Number.NaN, 2030, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
  });

  it(`refuses a year more than ${CARD_MAX_YEARS_AHEAD} years ahead`, () => {
    expect(cardExpiryProblem(12, 2026 + CARD_MAX_YEARS_AHEAD, NOW)).toBeNull();
    expect(cardExpiryProblem(1, 2027 + CARD_MAX_YEARS_AHEAD, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(cardExpiryProblem(1, Number.NaN, NOW)).toBe(CARD_MESSAGES.expiryInvalid);
  });
});

describe('cardCvcProblem', () => {
  it('asks for a CVC when none is typed', () => {
    expect(cardCvcProblem('', '4242424242424242')).toBe(CARD_MESSAGES.cvcRequired);
  });

  it('asks exactly 3 digits on Visa and 4 on American Express', () => {
    expect(cardCvcProblem('123', '4242424242424242')).toBeNull();
    expect(cardCvcProblem('12', '4242424242424242')).toBe(CARD_MESSAGES.cvcLength(3));
    expect(cardCvcProblem('1234', '4242424242424242')).toBe(CARD_MESSAGES.cvcLength(3));
    expect(cardCvcProblem('12a', '4242424242424242')).toBe(CARD_MESSAGES.cvcLength(3));
    expect(cardCvcProblem('1234', '378282246310005')).toBeNull();
    expect(cardCvcProblem('123', '378282246310005')).toBe(CARD_MESSAGES.cvcLength(4));
    expect(CARD_MESSAGES.cvcLength(4)).toBe('O CVC deve ter 4 dígitos');
  });
});
