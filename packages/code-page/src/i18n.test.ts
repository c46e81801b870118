import { dayInSaoPaulo } from '@pulso/domain';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDecimal } from './format.ts';
import { LANGS, langOf, MESSAGES, pickLang } from './i18n.ts';

describe('pickLang (the page language)', () => {
  it.each([
    [undefined, 'pt-BR'],
    ['', 'pt-BR'],
    ['de-DE,de;q=0.9', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['en-US,en;q=0.9', 'en'],
    ['EN-gb', 'en'],
    ['es-419,es;q=0.9', 'es'],
    ['fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4', 'es'],
    ['en;q=0.5,es;q=0.8', 'es'],
    ['es,en', 'es'],
    ['en,es', 'en'],
    ['en;q=0,es', 'es'],
    ['*', 'pt-BR'],
  ])('reads Accept-Language %j as %s', (header, lang) => {
    expect(pickLang(header)).toBe(lang);
  });

  it('lets the switch (?lang= or the cookie) win over the browser, but not an unknown choice', () => {
    expect(pickLang('es-ES', 'en')).toBe('en');
    expect(pickLang('en-US', 'pt-BR')).toBe('pt-BR');
    expect(pickLang('en-US', 'xx')).toBe('en');
    expect(pickLang('en-US', '')).toBe('en');
    expect(pickLang(undefined, null)).toBe('pt-BR');
  });

  it('names pt, en and es only', () => {
    expect(langOf('pt')).toBe('pt-BR');
    expect(langOf('es-AR')).toBe('es');
    expect(langOf('english')).toBeNull();
    expect(langOf(undefined)).toBeNull();
  });
});

describe('the labels', () => {
  /** Every key of the pt-BR labels, nested keys included. */
  const keysOf = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, inner]) =>
      inner !== null && typeof inner === 'object' ? keysOf(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
    );

  it('say every label in each language', () => {
    const pt = keysOf(MESSAGES['pt-BR']).sort();
    for (const lang of LANGS) {
      expect(keysOf(MESSAGES[lang]).sort()).toEqual(pt);
      for (const key of pt) {
        const value = key
          .split('.')
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], MESSAGES[lang]);
        expect(
          typeof value === 'function' || (typeof value === 'string' && value.length > 0),
          `${lang} ${key}`,
        ).toBe(true);
      }
    }
  });

  it('write ages at their edges', () => {
    expect([0, 1, 2, 34].map(MESSAGES['pt-BR'].age)).toEqual([
      'Menos de 1 ano',
      '1 ano',
      '2 anos',
      '34 anos',
    ]);
    expect([0, 1, 2].map(MESSAGES.en.age)).toEqual(['Under 1 year', '1 year old', '2 years old']);
    expect([0, 1, 2].map(MESSAGES.es.age)).toEqual(['Menos de 1 año', '1 año', '2 años']);
  });

  it('count records in each language', () => {
    expect(MESSAGES['pt-BR'].timeline.count(1, 1)).toBe('1 registro');
    expect(MESSAGES['pt-BR'].timeline.count(20, 21)).toBe('20 de 21 registros');
    expect(MESSAGES.en.timeline.count(20, 21)).toBe('20 of 21 records');
    expect(MESSAGES.es.timeline.count(3, 2)).toBe('3 registros');
  });

  it('write dates no reader can take for another day', () => {
    expect(formatDate('1991-05-17', 'pt-BR')).toBe('17/05/1991');
    expect(formatDate('1991-05-17', 'en')).toBe('May 17, 1991');
    expect(formatDate('1991-05-17', 'es')).toBe('17 may 1991');
    // 01:30 UTC on 11 March is still 10 March in São Paulo.
    expect(formatDate('2025-09-01', 'es')).toBe('1 sept 2025');
    expect(formatDate('2025-12-31', 'en')).toBe('Dec 31, 2025');
    expect(formatDate('not a date', 'en')).toBe('not a date');
    // 01:30 UTC on 11 March is still 10 March in São Paulo: the day the page shows as last updated.
    expect(dayInSaoPaulo('2025-03-11T01:30:00.000Z')).toBe('2025-03-10');
  });

  it("write decimals with the reader's separator, two places at most", () => {
    expect(formatDecimal(68.5, 'pt-BR')).toBe('68,5');
    expect(formatDecimal(1.65, 'es')).toBe('1,65');
    expect(formatDecimal(1.655, 'en')).toBe('1.66');
    expect(formatDecimal(70, 'pt-BR')).toBe('70');
  });
});
