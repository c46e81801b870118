import { formatDateBR, formatPhone, telHref } from '@pulso/domain';

import type { Lang } from './i18n.ts';

export { formatPhone, telHref };

/** A trimmed text, or `null` when blank (a blank field reads 'Não informado', never empty). */
export function blankToNull(value: string | null | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

const MONTHS: Record<Exclude<Lang, 'pt-BR'>, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/**
 * A calendar date `'1990-05-17'` as the reader writes it: '17/05/1990' in pt-BR; the month in words
 * in English and Spanish ('May 17, 1990', '17 may 1990'), which no reader can take for another day.
 * Written without `Intl`: building a date formatter loads locale data, tens of milliseconds on a slow
 * phone, the page's longest task.
 */
export function formatDate(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (lang === 'pt-BR' || !m) return formatDateBR(iso);
  const [, year, month, day] = m as unknown as [string, string, string, string];
  const name = MONTHS[lang][Number(month) - 1];
  return lang === 'en' ? `${name} ${Number(day)}, ${year}` : `${Number(day)} ${name} ${year}`;
}

/** `72.5` → '72,5' (pt-BR, es) or '72.5' (en); at most two decimals, without `Intl` (see {@link formatDate}). */
export function formatDecimal(value: number, lang: Lang): string {
  const text = String(Math.round(value * 100) / 100);
  return lang === 'en' ? text : text.replace('.', ',');
}

/** 'Maria da Silva' → 'MS'; the initials stand in for a missing photo. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
