/** Keeps only the digits of a masked value: `'(11) 98765 4321'` → `'11987654321'`. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Applies a digit mask where `#` stands for one digit: `applyDigitMask('11987654321',
 * '(##) ##### ####')` → `'(11) 98765 4321'`. Stops at the last available digit.
 */
export function applyDigitMask(digits: string, mask: string): string {
  const d = onlyDigits(digits);
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= d.length) break;
    if (ch === '#') out += d[i++];
    else out += ch;
  }
  return out;
}
