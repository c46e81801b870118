import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isMobileDigits,
  isPhoneDigits,
  LANDLINE_MASK,
  MOBILE_MASK,
  MOBILE_MASKED_LENGTH,
  telHref,
} from './phone.ts';

describe('phone constants', () => {
  it('match docs/accounts.md "Phones"', () => {
    expect(MOBILE_MASK).toBe('(##) ##### ####');
    expect(LANDLINE_MASK).toBe('(##) #### ####');
    expect(MOBILE_MASKED_LENGTH).toBe(15);
    expect(MOBILE_MASK).toHaveLength(MOBILE_MASKED_LENGTH);
  });
});

describe('isMobileDigits', () => {
  it('accepts 11 digits: DDD without zeros, 9, then 8 digits', () => {
    expect(isMobileDigits('11987654321')).toBe(true);
    expect(isMobileDigits('99900000000')).toBe(true);
    expect(isMobileDigits('21912345678')).toBe(true);
  });

  it('rejects a DDD with a zero', () => {
    expect(isMobileDigits('01987654321')).toBe(false);
    expect(isMobileDigits('10987654321')).toBe(false);
    expect(isMobileDigits('00987654321')).toBe(false);
  });

  it('rejects a number whose third digit is not 9', () => {
    expect(isMobileDigits('11887654321')).toBe(false);
    expect(isMobileDigits('11387654321')).toBe(false);
  });

  it('rejects 10 and 12 digits, masks and blanks', () => {
    expect(isMobileDigits('1198765432')).toBe(false);
    expect(isMobileDigits('119876543210')).toBe(false);
    expect(isMobileDigits('(11) 98765 4321')).toBe(false);
    expect(isMobileDigits('')).toBe(false);
  });
});

describe('isPhoneDigits', () => {
  it('accepts a mobile number', () => {
    expect(isPhoneDigits('11987654321')).toBe(true);
  });

  it('accepts a 10-digit landline whose first digit is 2 to 5', () => {
    expect(isPhoneDigits('1123456789')).toBe(true);
    expect(isPhoneDigits('1133334444')).toBe(true);
    expect(isPhoneDigits('1144445555')).toBe(true);
    expect(isPhoneDigits('1155556666')).toBe(true);
  });

  it('rejects a landline whose first digit is 0, 1 or 6 to 9', () => {
    expect(isPhoneDigits('1103334444')).toBe(false);
    expect(isPhoneDigits('1113334444')).toBe(false);
    expect(isPhoneDigits('1163334444')).toBe(false);
    expect(isPhoneDigits('1193334444')).toBe(false);
  });

  it('rejects a DDD with a zero and wrong lengths', () => {
    expect(isPhoneDigits('0133334444')).toBe(false);
    expect(isPhoneDigits('1033334444')).toBe(false);
    expect(isPhoneDigits('113333444')).toBe(false);
    expect(isPhoneDigits('113333444455')).toBe(false);
    expect(isPhoneDigits('11333344445')).toBe(false);
    expect(isPhoneDigits('')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('uses the mobile mask for 11 digits', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765 4321');
  });

  it('uses the landline mask for 10 digits', () => {
    expect(formatPhone('1133334444')).toBe('(11) 3333 4444');
  });

  it('accepts an already masked value', () => {
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765 4321');
  });

  it('formats partial numbers progressively', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('11')).toBe('(11');
    expect(formatPhone('113')).toBe('(11) 3');
  });
});

describe('telHref', () => {
  it('gives an E.164 tel: link with the Brazilian country code', () => {
    expect(telHref('11987654321')).toBe('tel:+5511987654321');
    expect(telHref('(11) 3333 4444')).toBe('tel:+551133334444');
  });
});
