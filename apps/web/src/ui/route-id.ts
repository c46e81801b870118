/** Largest id the server takes (PostgreSQL `integer`). */
const ID_MAX = 2_147_483_647;

/**
 * A path's `:id` as a positive integer id, or `null` when it cannot be one
 * (letters, zero, beyond PostgreSQL `integer`): the page then asks nothing.
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= ID_MAX ? id : null;
}
