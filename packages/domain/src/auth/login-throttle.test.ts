import { describe, expect, it } from 'vitest';
import { accountThrottledMessage, addressThrottledMessage, formatWait } from './login-throttle.ts';

describe('formatWait', () => {
  it('says seconds under a minute and whole minutes from one, rounding up', () => {
    expect(formatWait(0)).toBe('1 segundo');
    expect(formatWait(1000)).toBe('1 segundo');
    expect(formatWait(1001)).toBe('2 segundos');
    expect(formatWait(30_000)).toBe('30 segundos');
    expect(formatWait(59_001)).toBe('1 minuto');
    expect(formatWait(60_000)).toBe('1 minuto');
    expect(formatWait(61_000)).toBe('2 minutos');
    expect(formatWait(15 * 60_000)).toBe('15 minutos');
  });
});

describe('throttle messages', () => {
  it('tell how long to wait', () => {
    expect(accountThrottledMessage(30_000)).toBe(
      'Muitas tentativas com senha errada nesta conta. Aguarde 30 segundos e tente de novo, ou use "Esqueci minha senha".',
    );
    expect(addressThrottledMessage(120_000)).toBe(
      'Muitas tentativas com senha errada a partir desta conexão. Aguarde 2 minutos e tente de novo.',
    );
  });
});
