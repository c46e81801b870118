import { INT4_MAX } from '@pulso/domain';

/**
 * A path's `:id` as a positive integer id, or `null` when it cannot be one
 * (letters, zero, beyond PostgreSQL `integer`): the page then asks nothing.
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INT4_MAX ? id : null;
}
