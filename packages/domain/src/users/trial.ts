import { formatInstantBR } from '../shared/dates.ts';

/**
 * The free month every account starts with
 * (docs/accounts.md "Trial and locked accounts"): it ends one calendar month
 * after the account was made (UTC; a 31 January account ends on 3 March, as
 * `Date` rolls the month over).
 */
export function trialEndsAt(createdAt: Date | string): Date {
  const end = new Date(createdAt);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days left of the free month at `now`, counting a part of a day as a
 * day (29 days 2 hours → 30): 0 once it ended.
 */
export function trialDaysLeft(createdAt: Date | string, now: Date = new Date()): number {
  const left = trialEndsAt(createdAt).getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/**
 * What /planos says of the free month: 'Seu período gratuito termina em
 * 27/12/2026 (30 dias)' ('1 dia', 'hoje' on its last day), or that it ended.
 */
export function trialMessage(createdAt: Date | string, now: Date = new Date()): string {
  const days = trialDaysLeft(createdAt, now);
  if (days === 0) return 'Seu período gratuito de 1 mês terminou.';
  const end = trialEndsAt(createdAt);
  if (formatInstantBR(end) === formatInstantBR(now)) return 'Seu período gratuito termina hoje.';
  return `Seu período gratuito termina em ${formatInstantBR(end)} (${days} ${days === 1 ? 'dia' : 'dias'})`;
}
