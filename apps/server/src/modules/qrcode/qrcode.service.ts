import { codeUrl, parseCode } from '@pulso/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, virgin_codes } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { loadQrCode } from '../../platform/lazy-libs.ts';

/** 404 message of `GET /api/qrcode/virgins/:code` (claimed, unknown or malformed sticker code). */
export const VIRGIN_UNAVAILABLE_MESSAGE = 'Código não disponível';

/** Smallest side, in pixels, of the downloadable PNG: about 8.7 cm at 300 dpi. */
export const PRINT_MIN_WIDTH_PX = 1024;

/** Quiet zone of the printed QR, in modules: the 4 that ISO/IEC 18004 requires. */
const PRINT_MARGIN = 4;

/**
 * Answers the canonical form of an unclaimed sticker code, given in any
 * spelling (spaces, hyphens, lower case). docs/codes.md "Virgin codes".
 * Errors: 404 {@link VIRGIN_UNAVAILABLE_MESSAGE} when the code is malformed,
 * unknown or already claimed (one answer for all three, so the route tells a
 * prober nothing about which codes exist).
 */
export async function findVirginCode(db: Db, input: string): Promise<string> {
  const code = parseCode(input);
  if (!code) throw notFound(VIRGIN_UNAVAILABLE_MESSAGE);
  const [row] = await db
    .select({ code: virgin_codes.code })
    .from(virgin_codes)
    .where(and(eq(virgin_codes.code, code), isNull(virgin_codes.claimed_at)))
    .limit(1);
  if (!row) throw notFound(VIRGIN_UNAVAILABLE_MESSAGE);
  return row.code;
}

/** The signed-in patient's canonical code, the URL their QR code encodes (`{PUBLIC_ORIGIN}/code/{code}`) and their name. */
export async function ownCode(
  db: Db,
  publicOrigin: string,
  userId: number,
): Promise<{ code: string; url: string; name: string }> {
  const [row] = await db
    .select({ code: users.code, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // requireUser has just resolved a live session of this user: a missing row is a server fault.
  if (!row) throw new Error('Signed-in user not found');
  return { code: row.code, url: codeUrl(publicOrigin, row.code), name: row.name };
}

/**
 * The on-screen QR code of `/qrcode/generate` (docs/codes.md "My QR code") as
 * an SVG document string: error correction M, quiet zone of 2 modules (the
 * screen adds its own white card around it). Scales without loss on any
 * display.
 */
export async function qrSvg(url: string): Promise<string> {
  return (await loadQrCode()).toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The printable QR code (`GET /api/qrcode/download`): a PNG of at least
 * {@link PRINT_MIN_WIDTH_PX} pixels a side, error correction H (still reads
 * with 30 % of a worn or scratched sticker lost) and the full 4-module quiet
 * zone. Every module is a whole number of pixels, so a printer never draws
 * modules of unequal size.
 */
export async function qrPng(url: string): Promise<Buffer> {
  const QRCode = await loadQrCode();
  const modules = QRCode.create(url, { errorCorrectionLevel: 'H' }).modules.size + 2 * PRINT_MARGIN;
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'H',
    margin: PRINT_MARGIN,
    scale: Math.ceil(PRINT_MIN_WIDTH_PX / modules),
  });
}

/** File name of the downloaded PNG: `pulso-qrcode-123AB456.png` (canonical codes are header-safe). */
export function qrFileName(code: string): string {
  return `pulso-qrcode-${code}.png`;
}
