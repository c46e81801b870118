/**
 * Dates (docs/accounts.md "Dates and times"): stored as ISO `YYYY-MM-DD`,
 * instants in UTC, shown `dd/mm/aaaa` in America/Sao_Paulo.
 */

import { once } from './once.ts';

/** Time zone every date is shown in. */
export const TIME_ZONE = 'America/Sao_Paulo';

/** Earliest accepted birth date (docs/accounts.md "General information"). */
export const BIRTH_DATE_MIN = '1920-01-01';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `iso` is a real calendar date written `YYYY-MM-DD` (rejects 2023-02-29). */
export function isIsoDate(iso: string): boolean {
  const m = ISO_DATE.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

// Built once, when first used: constructing a time-zoned formatter costs ~45 µs, on every public code lookup.
const saoPauloDay = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

// The last answer, by UTC minute: São Paulo's offsets since 1914 are whole hours, so its days change on a
// minute's boundary. A public scan asks for today once (the age), and formatting costs about 5 µs.
let lastDay: { minute: number; day: string } | null = null;

/** Today's date in America/Sao_Paulo as `YYYY-MM-DD`, for the instant `now`. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDay?.minute !== minute) lastDay = { minute, day: saoPauloDay().format(now) };
  return lastDay.day;
}

/** The calendar day of an instant in America/Sao_Paulo, `YYYY-MM-DD` (`'2025-03-11T01:30:00Z'` → `'2025-03-10'`). */
export function dayInSaoPaulo(instant: string | Date): string {
  return saoPauloDay().format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** True when `iso` is a valid date from 1920-01-01 up to and including `today`. */
export function isValidBirthDate(iso: string, today: string = todayInSaoPaulo()): boolean {
  return isIsoDate(iso) && iso >= BIRTH_DATE_MIN && iso <= today;
}

/** `'1990-05-17'` → `'17/05/1990'`. Returns the input unchanged when it is not ISO. */
export function formatDateBR(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** `'17/05/1990'` → `'1990-05-17'`, or `null` when not a real date. */
export function parseDateBR(br: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(br.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

const brazilianDate = once(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
);

/** A UTC instant shown as `dd/mm/aaaa` in America/Sao_Paulo. */
export function formatInstantBR(instant: string | Date): string {
  return brazilianDate().format(typeof instant === 'string' ? new Date(instant) : instant);
}

const brazilianTime = once(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** A UTC instant's time of day in America/Sao_Paulo, `HH:mm` (`'2026-11-28T06:12:00Z'` → `'03:12'`). */
export function timeInSaoPaulo(instant: string | Date): string {
  return brazilianTime().format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** Whole years between the birth date and `today` (both ISO); the birthday itself counts. */
export function ageOn(birthIso: string, today: string = todayInSaoPaulo()): number {
  const [by, bm, bd] = birthIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}
