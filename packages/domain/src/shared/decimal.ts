/**
 * Decimal numbers typed with a comma and sent with a dot (docs/accounts.md "Decimal numbers").
 */

/** `'72,5'` → `72.5`; `''` → `null`; a value that is not a number → `NaN`. */
export function parseDecimalBR(value: string): number | null {
  const v = value.trim();
  if (v === '') return null;
  if (!/^\d+([.,]\d+)?$/.test(v)) return Number.NaN;
  return Number(v.replace(',', '.'));
}

/** `72.5` → `'72,5'` with a fixed number of decimals (`digits`). */
export function formatDecimalBR(value: number, digits: number): string {
  return value.toFixed(digits).replace('.', ',');
}

/** True when `n` has no more than `digits` decimal places (tolerates binary rounding). */
export function hasAtMostDecimals(n: number, digits: number): boolean {
  const scaled = n * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
