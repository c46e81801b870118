import { TIME_ZONE } from '@pulso/domain';

const DATE_TIME_BR = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The day and the time of an instant in America/Sao_Paulo, joined by `between`. */
function dateTimeBR(instant: string | Date, between: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(DATE_TIME_BR.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year}${between}${parts.hour}:${parts.minute}`;
}

/**
 * A UTC instant (ISO string) as `dd/mm/aaaa HH:mm` in America/Sao_Paulo
 * (docs/accounts.md "Dates and times"), whatever the device's own time
 * zone.
 */
export function formatDateTimeBR(instant: string | Date): string {
  return dateTimeBR(instant, ' ');
}

/** The same instant as a sentence reads it: `'22/11/2026 às 14:05'` (see {@link formatDateTimeBR}). */
export function formatDateAtTimeBR(instant: string | Date): string {
  return dateTimeBR(instant, ' às ');
}
