import { describe, expect, it } from 'vitest';
import {
  aplicarCupom,
  cobravel,
  fimDoPeriodo,
  formatCentavos,
  pagarComSaldo,
  periodoSufixo,
  prorrateio,
  VALOR_MINIMO_CARTAO,
} from './money.ts';

const NBSP = '\u00a0';

describe('formatCentavos (docs/payments-and-admin.md "Prices")', () => {
  it('formats centavos as pt-BR reais', () => {
    expect(formatCentavos(1990)).toBe(`R$${NBSP}19,90`);
    expect(formatCentavos(790)).toBe(`R$${NBSP}7,90`);
    expect(formatCentavos(0)).toBe(`R$${NBSP}0,00`);
    expect(formatCentavos(1)).toBe(`R$${NBSP}0,01`);
    expect(formatCentavos(123456)).toBe(`R$${NBSP}1.234,56`);
  });
  it('refuses fractions of a centavo', () => {
    expect(() => formatCentavos(19.9)).toThrow(RangeError);
    expect(() => formatCentavos(Number.NaN)).toThrow(RangeError);
  });
});

describe('aplicarCupom (docs/payments-and-admin.md "Coupons")', () => {
  it('takes the percent off, rounding the discount to the centavo, half up', () => {
    expect(aplicarCupom(1990, 10)).toBe(1791);
    expect(aplicarCupom(1990, 15)).toBe(1691); // 298.5 → 299
    expect(aplicarCupom(1990, 1)).toBe(1970); // 19.9 → 20
    expect(aplicarCupom(1990, 99)).toBe(20); // 1970.1 → 1970
    expect(aplicarCupom(1, 50)).toBe(0); // 0.5 → 1
    expect(aplicarCupom(1, 49)).toBe(1); // 0.49 → 0
  });
  it('makes 100% free and 0% the full price', () => {
    expect(aplicarCupom(1990, 100)).toBe(0);
    expect(aplicarCupom(1990, 0)).toBe(1990);
    expect(aplicarCupom(0, 30)).toBe(0);
  });
  it('refuses bad prices and percents', () => {
    expect(() => aplicarCupom(-1, 10)).toThrow(RangeError);
    expect(() => aplicarCupom(19.9, 10)).toThrow(RangeError);
    expect(() => aplicarCupom(1990, 101)).toThrow(RangeError);
    expect(() => aplicarCupom(1990, -1)).toThrow(RangeError);
    expect(() => aplicarCupom(1990, 10.5)).toThrow(RangeError);
  });
});

describe('periodoSufixo (docs/payments-and-admin.md "Plan screens")', () => {
  it('reads /mês and /ano', () => {
    expect(periodoSufixo('M')).toBe('/mês');
    expect(periodoSufixo('A')).toBe('/ano');
  });
});

describe('fimDoPeriodo', () => {
  const at = (iso: string) => new Date(iso);
  it('adds a calendar month, keeping the time of day', () => {
    expect(fimDoPeriodo(at('2026-11-24T10:30:00Z'), 'M').toISOString()).toBe('2026-12-24T10:30:00.000Z');
    expect(fimDoPeriodo(at('2026-12-15T00:00:00Z'), 'M').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(fimDoPeriodo(at('2027-01-31T12:00:00Z'), 'M').toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(fimDoPeriodo(at('2028-01-31T12:00:00Z'), 'M').toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(fimDoPeriodo(at('2027-03-31T12:00:00Z'), 'M').toISOString()).toBe('2027-04-30T12:00:00.000Z');
  });
  it('adds twelve months for an annual plan, 29 Feb landing on 28 Feb', () => {
    expect(fimDoPeriodo(at('2026-11-24T10:30:00Z'), 'A').toISOString()).toBe('2027-11-24T10:30:00.000Z');
    expect(fimDoPeriodo(at('2028-02-29T08:00:00Z'), 'A').toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });
});

describe('prorrateio (docs/payments-and-admin.md "Changing plan")', () => {
  const periodStart = new Date('2026-11-01T00:00:00Z');
  const periodEnd = new Date('2026-12-01T00:00:00Z'); // 30 days
  it('credits the unused share of the current price', () => {
    const now = new Date('2026-11-16T00:00:00Z'); // half the period left
    expect(prorrateio({ precoAtual: 790, precoNovo: 7900, periodStart, periodEnd, now })).toEqual({
      credito: 395,
      cobranca: 7505,
      saldo: 0,
    });
  });
  it('rounds the credit to the nearest centavo', () => {
    const now = new Date('2026-11-21T00:00:00Z'); // 10 of 30 days left: 790/3 = 263.33
    expect(prorrateio({ precoAtual: 790, precoNovo: 7900, periodStart, periodEnd, now }).credito).toBe(263);
    const later = new Date('2026-11-11T00:00:00Z'); // 20 of 30 days left: 526.67
    expect(prorrateio({ precoAtual: 790, precoNovo: 7900, periodStart, periodEnd, now: later }).credito).toBe(
      527,
    );
  });
  it('credits everything at the start and nothing at or after the end', () => {
    expect(
      prorrateio({ precoAtual: 790, precoNovo: 7900, periodStart, periodEnd, now: periodStart }).credito,
    ).toBe(790);
    expect(
      prorrateio({ precoAtual: 790, precoNovo: 7900, periodStart, periodEnd, now: periodEnd }).credito,
    ).toBe(0);
    const after = new Date('2027-01-01T00:00:00Z');
    expect(prorrateio({ precoAtual: 790, precoNovo: 7900, periodStart, periodEnd, now: after })).toEqual({
      credito: 0,
      cobranca: 7900,
      saldo: 0,
    });
  });
  it('keeps as balance a credit larger than the new price', () => {
    const yearEnd = new Date('2027-11-01T00:00:00Z');
    const now = new Date('2026-11-01T00:00:00Z');
    expect(prorrateio({ precoAtual: 7900, precoNovo: 790, periodStart, periodEnd: yearEnd, now })).toEqual({
      credito: 7900,
      cobranca: 0,
      saldo: 7110,
    });
  });
  it('refuses bad prices and empty periods', () => {
    const now = periodStart;
    expect(() => prorrateio({ precoAtual: -1, precoNovo: 1, periodStart, periodEnd, now })).toThrow(
      RangeError,
    );
    expect(() => prorrateio({ precoAtual: 1, precoNovo: 1.5, periodStart, periodEnd, now })).toThrow(
      RangeError,
    );
    expect(() =>
      prorrateio({ precoAtual: 1, precoNovo: 1, periodStart, periodEnd: periodStart, now }),
    ).toThrow(RangeError);
  });
});

describe('cobravel: the card minimum (R$ 0,50)', () => {
  it('charges 0 and from 50 centavos, forgoes 1–49', () => {
    expect(VALOR_MINIMO_CARTAO).toBe(50);
    expect(cobravel(0)).toBe(0);
    expect(cobravel(1)).toBe(0);
    expect(cobravel(49)).toBe(0);
    expect(cobravel(50)).toBe(50);
    expect(cobravel(1990)).toBe(1990);
    expect(() => cobravel(-1)).toThrow(RangeError);
    expect(() => cobravel(0.5)).toThrow(RangeError);
  });

  it('a plan change whose credit leaves under R$ 0,50 to pay charges nothing', () => {
    const periodStart = new Date('2026-01-01T00:00:00Z');
    const periodEnd = new Date('2027-01-01T00:00:00Z');
    const now = new Date('2026-01-01T00:00:01Z');
    // An annual plan of 7949 changed at once for one of 7990: 41 centavos left, forgone.
    expect(prorrateio({ precoAtual: 7949, precoNovo: 7990, periodStart, periodEnd, now })).toEqual({
      credito: 7949,
      cobranca: 0,
      saldo: 0,
    });
    expect(prorrateio({ precoAtual: 7940, precoNovo: 7990, periodStart, periodEnd, now }).cobranca).toBe(50);
  });
});

describe('pagarComSaldo (docs/payments-and-admin.md "Changing plan": credit pays first)', () => {
  it('uses the balance first and charges the rest, forgoing a rest under R$ 0,50', () => {
    expect(pagarComSaldo(790, 0)).toEqual({ saldo_usado: 0, cobranca: 790 });
    expect(pagarComSaldo(790, 100)).toEqual({ saldo_usado: 100, cobranca: 690 });
    expect(pagarComSaldo(790, 740)).toEqual({ saldo_usado: 740, cobranca: 50 });
    expect(pagarComSaldo(790, 741)).toEqual({ saldo_usado: 741, cobranca: 0 });
    expect(pagarComSaldo(790, 790)).toEqual({ saldo_usado: 790, cobranca: 0 });
    expect(pagarComSaldo(790, 5000)).toEqual({ saldo_usado: 790, cobranca: 0 });
    expect(pagarComSaldo(0, 100)).toEqual({ saldo_usado: 0, cobranca: 0 });
    expect(() => pagarComSaldo(-1, 0)).toThrow(RangeError);
    expect(() => pagarComSaldo(790, -1)).toThrow(RangeError);
  });
});
