import { formatCode } from '@pulso/domain';
import { loadSharp } from '../../platform/lazy-libs.ts';
import { escapeHtml } from '../../platform/mail-templates.ts';
import { fitLine, loadFonts, oneLine, textPathData, textWidth, type Weight } from './card-text.ts';
import { qrPng } from './qrcode.service.ts';

/** Height of the label under the printed QR code, as a share of the QR image's width. */
const LABEL_SHARE = 0.24;

/**
 * The downloadable QR code (`GET /api/qrcode/download`): {@link qrPng} with, under it on white, the
 * patient's name (bold, one line, cut with "…") and the code as `123 AB 456` (bold, larger), so a printed
 * or saved copy says whose it is and can be typed when the camera fails. Text is drawn as glyph outlines
 * of the Inter font (card-text.ts), the same as the lock-screen image: no font is needed on the server.
 * The QR part is unchanged: `width` pixels a side, error correction H, 4-module quiet zone.
 */
export async function qrPrintPng(url: string, label: { name: string; code: string }): Promise<Buffer> {
  await loadFonts();
  const qr = await qrPng(url);
  const sharp = await loadSharp();
  const { width } = await sharp(qr).metadata();
  if (!width) throw new Error('QR PNG without a width');
  const height = Math.round(width * LABEL_SHARE);
  const margin = width * 0.08;
  const nameSize = width * 0.055;
  const codeSize = width * 0.085;
  const name = fitLine(oneLine(label.name), 'bold', nameSize, width - 2 * margin);
  const code = formatCode(label.code);
  const centred = (text: string, weight: Weight, size: number, baseline: number) =>
    `<path aria-label="${escapeHtml(text)}" fill="#000000" d="${textPathData(
      text,
      weight,
      size,
      (width - textWidth(text, weight, size)) / 2,
      baseline,
    )}"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    centred(name, 'bold', nameSize, height * 0.3) +
    centred(code, 'bold', codeSize, height * 0.72) +
    '</svg>';
  return sharp(qr)
    .extend({ bottom: height, background: '#ffffff' })
    .composite([{ input: Buffer.from(svg), top: width, left: 0 }])
    .png()
    .toBuffer();
}
