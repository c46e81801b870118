const DATE_TIME_BR = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A UTC instant (ISO string) as `dd/mm/aaaa HH:mm` in America/Sao_Paulo
 * (docs/accounts.md "Dates and times"), whatever the device's own time
 * zone.
 */
export function formatDateTimeBR(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(DATE_TIME_BR.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
