import { applyDigitMask, onlyDigits } from './mask.ts';

/** Mobile phone mask (docs/accounts.md "Phones"): `(##) ##### ####`, 15 characters when complete. */
export const MOBILE_MASK = '(##) ##### ####';
/** Landline mask used for the emergency contact, who may not have a mobile: `(##) #### ####`. */
export const LANDLINE_MASK = '(##) #### ####';
/** Length of a complete masked mobile number (docs/accounts.md "Phones"). */
export const MOBILE_MASKED_LENGTH = 15;

const MOBILE_DIGITS = /^[1-9]{2}9\d{8}$/;
const LANDLINE_DIGITS = /^[1-9]{2}[2-5]\d{7}$/;

/** True for an 11-digit Brazilian mobile number: DDD without zeros, then 9 and 8 digits. */
export function isMobileDigits(digits: string): boolean {
  return MOBILE_DIGITS.test(digits);
}

/** True for a mobile (11 digits) or a landline (10 digits, first digit 2–5) number. */
export function isPhoneDigits(digits: string): boolean {
  return MOBILE_DIGITS.test(digits) || LANDLINE_DIGITS.test(digits);
}

/** Formats phone digits for display: 11 digits with the mobile mask, 10 with the landline mask. */
export function formatPhone(digits: string): string {
  const d = onlyDigits(digits);
  return applyDigitMask(d, d.length <= 10 ? LANDLINE_MASK : MOBILE_MASK);
}

/** `tel:` link for a Brazilian number, in E.164 (`tel:+5511987654321`). */
export function telHref(digits: string): string {
  return `tel:+55${onlyDigits(digits)}`;
}
