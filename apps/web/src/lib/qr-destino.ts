import { paths } from './paths.ts';

/**
 * Screens that send a professional to /qrcode/read to read a patient's code
 * and get it back as `?code=` (issue 5 "Records added by others"; docs/codes.md
 * "QR reader"; pain `user_id`: docs/health-record.md "Pain map"): the new
 * timeline record and the pain map.
 */
export const QR_DESTINOS = {
  timeline: {
    path: paths.timelineAdd,
    hint: 'O código lido abre o novo registro na linha do tempo do paciente.',
  },
  'mapa-dor': {
    path: paths.mapaDor,
    hint: 'O código lido abre o mapa da dor para registrar a dor do paciente.',
  },
} as const;
export type QrDestino = keyof typeof QR_DESTINOS;

/** `?destino=` of a /qrcode/read URL, or null for the plain reader (which opens /code/:code). */
export function qrDestinoOf(value: string | null): QrDestino | null {
  return value !== null && Object.hasOwn(QR_DESTINOS, value) ? (value as QrDestino) : null;
}

/** /qrcode/read in the mode that brings the code read back to `destino`. */
export function readQrFor(destino: QrDestino): string {
  return `${paths.qrcodeRead}?${new URLSearchParams({ destino })}`;
}

/** Where a code read in `destino` mode goes: that screen with `?code=`. */
export function destinoUrl(destino: QrDestino, code: string): string {
  return `${QR_DESTINOS[destino].path}?${new URLSearchParams({ code })}`;
}
