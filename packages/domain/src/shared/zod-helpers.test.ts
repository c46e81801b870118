import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isPhoneDigits } from './phone.ts';
import {
  blankToNull,
  optionalDecimal,
  optionalDigits,
  optionalLetterEnum,
  optionalLine,
  optionalNumericEnum,
  optionalText,
} from './zod-helpers.ts';

/** The messages of a failed parse; fails the test when the parse succeeds. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return result.error.issues.map((i) => i.message);
}

describe('blankToNull', () => {
  it('turns undefined, null and blank strings into null', () => {
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull('')).toBeNull();
    expect(blankToNull('  \t\n')).toBeNull();
  });

  it('trims other strings', () => {
    expect(blankToNull('  Maria  ')).toBe('Maria');
  });

  it('passes other values through', () => {
    expect(blankToNull(0)).toBe(0);
    expect(blankToNull(false)).toBe(false);
    const obj = { id: 1 };
    expect(blankToNull(obj)).toBe(obj);
  });
});

describe('optionalText', () => {
  const schema = optionalText(5);

  it('trims and turns blanks into null', () => {
    expect(schema.parse('  abc  ')).toBe('abc');
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('   ')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
  });

  it('accepts exactly max characters after trimming and rejects one more', () => {
    expect(schema.parse(' abcde ')).toBe('abcde');
    expect(messages(schema, 'abcdef')).toEqual(['Use no máximo 5 caracteres']);
  });
});

describe('optionalDigits', () => {
  const message = 'Informe um telefone válido';
  const schema = optionalDigits(message, isPhoneDigits);

  it('strips the mask and keeps the digits', () => {
    expect(schema.parse('(11) 3333 4444')).toBe('1133334444');
    expect(schema.parse('(11) 98765-4321')).toBe('11987654321');
    expect(schema.parse('11987654321')).toBe('11987654321');
  });

  it('turns a blank or an empty mask into null', () => {
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('(  )      ')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
  });

  it('rejects digits that fail the check with the message', () => {
    expect(messages(schema, '(11) 3333 444')).toEqual([message]);
    expect(messages(schema, '11')).toEqual([message]);
  });

  it('rejects a value that is not a string with the same message', () => {
    expect(messages(schema, 11987654321)).toEqual([message]);
    expect(messages(schema, { numero: '11987654321' })).toEqual([message]);
  });
});

describe('optionalDecimal', () => {
  const message = 'Informe um número entre 1 e 10';
  const schema = optionalDecimal(message, (n) => n >= 1 && n <= 10);

  it('reads a comma, a dot or a number', () => {
    expect(schema.parse('7,5')).toBe(7.5);
    expect(schema.parse('7.5')).toBe(7.5);
    expect(schema.parse(7.5)).toBe(7.5);
    expect(schema.parse(' 7,5 ')).toBe(7.5);
  });

  it('turns a blank into null', () => {
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('  ')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
  });

  it('applies the check at its edges', () => {
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse('10')).toBe(10);
    expect(messages(schema, '0,9')).toEqual([message]);
    expect(messages(schema, 10.1)).toEqual([message]);
  });

  it('rejects text, NaN, infinities and other types with the message', () => {
    for (const bad of ['abc', '7,', '-5', Number.NaN, Number.POSITIVE_INFINITY, true, {}, []]) {
      expect(messages(schema, bad)[0], String(bad)).toBe(message);
    }
  });
});

describe('optionalNumericEnum', () => {
  const message = 'Escolha um valor válido';
  const schema = optionalNumericEnum([1, 2, 3], message);

  it('accepts a listed number or numeric string', () => {
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse('3')).toBe(3);
    expect(schema.parse(' 2 ')).toBe(2);
  });

  it('turns a blank into null', () => {
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
  });

  it('rejects values out of the list and other types with the message', () => {
    for (const bad of [0, 4, '0', '4', -1, 1.5, '1.5', 'um', true, Number.NaN]) {
      expect(messages(schema, bad), String(bad)).toEqual([message]);
    }
  });
});

describe('optionalLetterEnum', () => {
  const message = 'Escolha uma opção válida';
  const schema = optionalLetterEnum(['S', 'N'], message);

  it('accepts a listed letter, trimmed', () => {
    expect(schema.parse('S')).toBe('S');
    expect(schema.parse(' N ')).toBe('N');
  });

  it('turns a blank into null', () => {
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
  });

  it('rejects other letters, lower case and other types with the message', () => {
    for (const bad of ['X', 's', 'SN', 1, true]) {
      expect(messages(schema, bad), String(bad)).toEqual([message]);
    }
  });
});

describe('optionalText and optionalLine', () => {
  it('strip control characters (NUL, which PostgreSQL cannot store, included) before checking', () => {
    expect(optionalText(10).parse('\u0000 \u0000')).toBeNull();
    expect(optionalText(10).parse('a\u0000b\u0007c\u0085')).toBe('abc');
    expect(optionalLine(10).parse('\u001b\u009f')).toBeNull();
  });

  it('keep line breaks and tabs in multi-line text, fold them into a space in a single line', () => {
    expect(optionalText(20).parse('Linha 1\r\nLinha 2\tfim')).toBe('Linha 1\nLinha 2\tfim');
    expect(optionalLine(20).parse('Rua A,\r\n\t100')).toBe('Rua A, 100');
  });

  it('count the length after cleaning', () => {
    expect(optionalLine(3).parse('a\u0000\u0000\u0000bc')).toBe('abc');
    expect(messages(optionalLine(3), 'abcd')).toEqual(['Use no máximo 3 caracteres']);
  });
});
