import { describe, expect, it } from 'vitest';
import { cardDigits, sandboxCard } from './sandbox.ts';

describe('sandbox test cards (docs/payments-and-admin.md "Payment providers")', () => {
  it('knows Stripe success and failure numbers, typed with spaces or not', () => {
    expect(sandboxCard('4242 4242 4242 4242')).toEqual({ brand: 'visa', falha: null });
    expect(sandboxCard('4000000000000002')).toEqual({ brand: 'visa', falha: 'card_declined' });
    expect(sandboxCard('4000 0000 0000 9995')).toEqual({ brand: 'visa', falha: 'insufficient_funds' });
    expect(sandboxCard('5555-5555-5555-4444')).toEqual({ brand: 'mastercard', falha: null });
  });
  it('does not know other numbers, even valid ones', () => {
    expect(sandboxCard('4111111111111111')).toBeNull();
    expect(sandboxCard('')).toBeNull();
  });
});

describe('cardDigits', () => {
  it('keeps only digits', () => {
    expect(cardDigits(' 4242-4242 ')).toBe('42424242');
  });
});
