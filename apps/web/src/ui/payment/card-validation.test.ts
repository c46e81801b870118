import { CARD_MESSAGES, cvcSize } from '@pulso/domain';
import { describe, expect, it } from 'vitest';
import { cardBrandName, validateCard } from './card-validation.ts';

const NOW = new Date(2026, 10, 24);
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('validateCard', () => {
  it('answers the payload of a good card: digits, month, 4-digit year, CVC', () => {
    expect(validateCard(good, NOW)).toEqual({
      errors: {},
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
  });

  it('asks for every empty field', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      errors: {
        number: CARD_MESSAGES.numberRequired,
        expiry: CARD_MESSAGES.expiryRequired,
        cvc: CARD_MESSAGES.cvcRequired,
      },
      payload: null,
    });
  });

  it('refuses a number failing the Luhn check or too short', () => {
    expect(validateCard({ ...good, number: '4242 4242 4242 4241' }, NOW).errors.number).toBe(
      CARD_MESSAGES.numberInvalid,
    );
    expect(validateCard({ ...good, number: '4242 4242 4242' }, NOW).errors.number).toBe(
      CARD_MESSAGES.numberInvalid,
    );
  });

  it('accepts the current month and refuses the month before it', () => {
    expect(validateCard({ ...good, expiry: '11/26' }, NOW).errors.expiry).toBeUndefined();
    expect(validateCard({ ...good, expiry: '10/26' }, NOW).errors.expiry).toBe(CARD_MESSAGES.expiryPast);
  });

  it('refuses a month outside 01–12 or an incomplete expiry', () => {
    expect(validateCard({ ...good, expiry: '13/30' }, NOW).errors.expiry).toBe(CARD_MESSAGES.expiryInvalid);
    expect(validateCard({ ...good, expiry: '00/30' }, NOW).errors.expiry).toBe(CARD_MESSAGES.expiryInvalid);
    expect(validateCard({ ...good, expiry: '1/3' }, NOW).errors.expiry).toBe(CARD_MESSAGES.expiryInvalid);
  });

  it('asks for 3 CVC digits on Visa and 4 on American Express', () => {
    expect(validateCard({ ...good, cvc: '12' }, NOW).errors.cvc).toBe(CARD_MESSAGES.cvcLength(3));
    expect(validateCard({ ...good, cvc: '1234' }, NOW).errors.cvc).toBe(CARD_MESSAGES.cvcLength(3));
    const amex = { number: '3782 8224 6310 005', expiry: '12/30' };
    expect(validateCard({ ...amex, cvc: '123' }, NOW).errors.cvc).toBe(CARD_MESSAGES.cvcLength(4));
    expect(validateCard({ ...amex, cvc: '1234' }, NOW).payload?.cvc).toBe('1234');
  });
});

describe('cardBrandName and cvcSize', () => {
  it('tell the brand from the first digits', () => {
    expect(cardBrandName('4242')).toBe('Visa');
    expect(cardBrandName('')).toBeNull();
    expect(cvcSize('3782')).toBe(4);
    expect(cvcSize('5555')).toBe(3);
  });
});
