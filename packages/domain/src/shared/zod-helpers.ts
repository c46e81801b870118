import { z } from 'zod';
import { parseDecimalBR } from './decimal.ts';
import { onlyDigits } from './mask.ts';
import { cleanLine, cleanText } from './text.ts';

/**
 * Trims strings (under the text rule, `cleanText`: control characters out)
 * and turns `''`, `undefined` into `null` before validation.
 */
export function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const t = cleanText(value).trim();
    return t === '' ? null : t;
  }
  return value;
}

/** {@link blankToNull} for a single-line field: tabs and line breaks become one space (`cleanLine`). */
export function blankLineToNull(value: unknown): unknown {
  return blankToNull(typeof value === 'string' ? cleanLine(value) : value);
}

/** Optional free text, line breaks kept (a multi-line field): trimmed, blank → `null`, at most `max` characters. */
export function optionalText(max: number) {
  return z.preprocess(blankToNull, z.string().max(max, `Use no máximo ${max} caracteres`).nullable());
}

/** Optional single-line text (a name, an address): as {@link optionalText}, line breaks folded into a space. */
export function optionalLine(max: number) {
  return z.preprocess(blankLineToNull, z.string().max(max, `Use no máximo ${max} caracteres`).nullable());
}

/** Optional digits-only field: masks are stripped, blank → `null`. */
export function optionalDigits(message: string, check: (digits: string) => boolean) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(onlyDigits(v)) : blankToNull(v)),
    z.string({ error: message }).refine(check, message).nullable(),
  );
}

/**
 * Optional decimal typed with a comma or sent with a dot
 * (docs/accounts.md "Decimal numbers"): `'72,5'`, `'72.5'` and `72.5` all give
 * `72.5`; blank gives `null`.
 */
export function optionalDecimal(message: string, check: (n: number) => boolean) {
  return z.preprocess(
    (v) => {
      const b = blankToNull(v);
      if (typeof b === 'string') return parseDecimalBR(b);
      return b;
    },
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && check(n), message)
      .nullable(),
  );
}

/** Optional enumeration sent as a number or numeric string (`cor`, `olhos`, `sangue`). */
export function optionalNumericEnum(values: readonly number[], message: string) {
  return z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === 'string' && /^\d+$/.test(b) ? Number(b) : b;
    },
    z
      .number({ error: message })
      .refine((n) => values.includes(n), message)
      .nullable(),
  );
}

/** Optional enumeration sent as a letter (`sexo`, `contato_relacao`, `doador`). */
export function optionalLetterEnum<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z.preprocess(blankToNull, z.enum(values, { error: message }).nullable());
}
