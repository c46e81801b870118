import { describe, expect, it } from 'vitest';
import { applyDigitMask, onlyDigits } from './mask.ts';

describe('onlyDigits', () => {
  it('keeps only the digits of a masked value', () => {
    expect(onlyDigits('(11) 98765 4321')).toBe('11987654321');
    expect(onlyDigits('123.456.789-09')).toBe('12345678909');
    expect(onlyDigits('+55 11 98765-4321')).toBe('5511987654321');
  });

  it('gives an empty string when there is no digit', () => {
    expect(onlyDigits('')).toBe('');
    expect(onlyDigits('(  ) -')).toBe('');
    expect(onlyDigits('abc')).toBe('');
  });
});

describe('applyDigitMask', () => {
  it('fills a complete mask', () => {
    expect(applyDigitMask('11987654321', '(##) ##### ####')).toBe('(11) 98765 4321');
    expect(applyDigitMask('1133334444', '(##) #### ####')).toBe('(11) 3333 4444');
  });

  it('re-masks an already masked value', () => {
    expect(applyDigitMask('(11) 98765 4321', '(##) ##### ####')).toBe('(11) 98765 4321');
  });

  it('stops at the last available digit, without trailing literals', () => {
    expect(applyDigitMask('1', '(##) ##### ####')).toBe('(1');
    expect(applyDigitMask('11', '(##) ##### ####')).toBe('(11');
    expect(applyDigitMask('119', '(##) ##### ####')).toBe('(11) 9');
    expect(applyDigitMask('1198765', '(##) ##### ####')).toBe('(11) 98765');
  });

  it('gives an empty string without digits, even when the mask starts with a literal', () => {
    expect(applyDigitMask('', '(##) ##### ####')).toBe('');
    expect(applyDigitMask('abc', '(##) ##### ####')).toBe('');
  });

  it('drops the digits that do not fit the mask', () => {
    expect(applyDigitMask('119876543210000', '(##) ##### ####')).toBe('(11) 98765 4321');
  });

  it('masks the SUS number of docs/health-record.md "My Health"', () => {
    expect(applyDigitMask('123456789012345', '### #### #### ####')).toBe('123 4567 8901 2345');
  });
});
