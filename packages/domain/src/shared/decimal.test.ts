import { describe, expect, it } from 'vitest';
import { formatDecimalBR, hasAtMostDecimals, parseDecimalBR } from './decimal.ts';

describe('parseDecimalBR', () => {
  it('reads a comma or a dot as the decimal separator', () => {
    expect(parseDecimalBR('72,5')).toBe(72.5);
    expect(parseDecimalBR('72.5')).toBe(72.5);
    expect(parseDecimalBR('1,75')).toBe(1.75);
    expect(parseDecimalBR('0,40')).toBe(0.4);
  });

  it('reads whole numbers and trims', () => {
    expect(parseDecimalBR('72')).toBe(72);
    expect(parseDecimalBR('0')).toBe(0);
    expect(parseDecimalBR('  72,5  ')).toBe(72.5);
  });

  it('answers null for a blank value', () => {
    expect(parseDecimalBR('')).toBeNull();
    expect(parseDecimalBR('   ')).toBeNull();
  });

  it('answers NaN for anything that is not an unsigned decimal', () => {
    for (const bad of [
      'abc',
      '72,',
      ',5',
      '.5',
      '72.',
      '-5',
      '+5',
      '1.000,5',
      '1,000.5',
      '7 2',
      '72,5kg',
      '1e3',
    ]) {
      expect(parseDecimalBR(bad), bad).toBeNaN();
    }
  });
});

describe('formatDecimalBR', () => {
  it('shows a comma with a fixed number of decimals', () => {
    expect(formatDecimalBR(72.5, 1)).toBe('72,5');
    expect(formatDecimalBR(72, 1)).toBe('72,0');
    expect(formatDecimalBR(1.75, 2)).toBe('1,75');
    expect(formatDecimalBR(0.4, 2)).toBe('0,40');
    expect(formatDecimalBR(19.9, 2)).toBe('19,90');
  });

  it('rounds to the number of decimals asked', () => {
    expect(formatDecimalBR(22.857, 1)).toBe('22,9');
    expect(formatDecimalBR(72.44, 1)).toBe('72,4');
    expect(formatDecimalBR(72.5, 0)).toBe('73');
  });
});

describe('hasAtMostDecimals', () => {
  it('accepts values within the number of decimals', () => {
    expect(hasAtMostDecimals(72, 1)).toBe(true);
    expect(hasAtMostDecimals(72.5, 1)).toBe(true);
    expect(hasAtMostDecimals(1.75, 2)).toBe(true);
    expect(hasAtMostDecimals(1.7, 2)).toBe(true);
    expect(hasAtMostDecimals(0, 0)).toBe(true);
  });

  it('rejects one decimal too many', () => {
    expect(hasAtMostDecimals(72.55, 1)).toBe(false);
    expect(hasAtMostDecimals(1.755, 2)).toBe(false);
    expect(hasAtMostDecimals(72.5, 0)).toBe(false);
    expect(hasAtMostDecimals(0.01, 1)).toBe(false);
  });

  it('tolerates binary rounding', () => {
    expect(hasAtMostDecimals(0.1 + 0.2, 1)).toBe(true);
    expect(hasAtMostDecimals(1.1 * 3, 2)).toBe(true);
    expect(hasAtMostDecimals(2.51, 2)).toBe(true);
  });

  it('rejects values that are not finite', () => {
    expect(hasAtMostDecimals(Number.NaN, 1)).toBe(false);
    expect(hasAtMostDecimals(Number.POSITIVE_INFINITY, 1)).toBe(false);
  });
});
