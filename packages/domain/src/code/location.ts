import { z } from 'zod';

/**
 * Decimal places a shared location keeps (docs/code-alerts.md "Where"): 3, about 110 m of latitude, enough to
 * find a street corner and no closer to a door.
 */
export const LOCATION_DECIMALS = 3;

/** A coordinate in degrees rounded to {@link LOCATION_DECIMALS} places (`-23.55052` → `-23.551`). */
export function roundCoordinate(degrees: number): number {
  const factor = 10 ** LOCATION_DECIMALS;
  const rounded = Math.round(degrees * factor) / factor;
  // -0 reads as "0" everywhere but in a test's eyes.
  return rounded === 0 ? 0 : rounded;
}

/** pt-BR refusals of `POST /api/code/localizacao`. */
export const LOCATION_MESSAGES = {
  invalid: 'Localização inválida',
  expired: 'Este pedido expirou. Abra o código de novo para compartilhar a localização.',
  already: 'A localização desta abertura já foi compartilhada.',
} as const;

/**
 * `POST /api/code/localizacao` body: `token` the opening's signed reference (from the page), `latitude`
 * −90…90 and `longitude` −180…180 in degrees (the browser's geolocation), rounded by the server.
 */
export const LocationShareSchema = z.object({
  token: z
    .string({ error: LOCATION_MESSAGES.expired })
    .min(1, LOCATION_MESSAGES.expired)
    .max(120, LOCATION_MESSAGES.expired),
  latitude: z
    .number({ error: LOCATION_MESSAGES.invalid })
    .min(-90, LOCATION_MESSAGES.invalid)
    .max(90, LOCATION_MESSAGES.invalid),
  longitude: z
    .number({ error: LOCATION_MESSAGES.invalid })
    .min(-180, LOCATION_MESSAGES.invalid)
    .max(180, LOCATION_MESSAGES.invalid),
});
export type LocationShare = z.infer<typeof LocationShareSchema>;

/** A map link that opens in the phone's map app or the browser: `https://www.google.com/maps?q=-23.551,-46.634`. */
export function mapHref(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${roundCoordinate(latitude)},${roundCoordinate(longitude)}`;
}
