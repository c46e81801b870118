import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { StickerPlace } from './sticker-sheet.ts';

/**
 * Test kit of the sticker sheet (issue 9 "Proof": the PDF is checked by
 * rendering it with Debian's poppler-utils and decoding its QR codes).
 */

const run = promisify(execFile);
/** Resolution the page is rendered at (`pdftoppm -r`). */
export const RENDER_DPI = 150;
const px = (mm: number) => Math.round((mm * RENDER_DPI) / 25.4);

/** `pdfinfo`'s page count and page size (points) of a PDF. */
export async function pdfInfo(pdf: Buffer): Promise<{ pages: number; size: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pulso-pdf-'));
  try {
    const file = path.join(dir, 'sheet.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
    const size = /^Page size:\s+(.+)$/m.exec(stdout)?.[1]?.trim() ?? '';
    return { pages, size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Renders page `page` (1-based) of a PDF to PNG: `pdftoppm -r 150 -png`. */
export async function renderPage(pdf: Buffer, page = 1): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pulso-pdf-'));
  try {
    const file = path.join(dir, 'sheet.pdf');
    await writeFile(file, pdf);
    const prefix = path.join(dir, 'page');
    await run('pdftoppm', [
      '-r',
      String(RENDER_DPI),
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      prefix,
    ]);
    return await readFile(`${prefix}.png`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Decodes the QR code in a PNG (or in `region` of it, pixels) with jsQR; `null` when none reads. */
export async function decodeQr(
  png: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<string | null> {
  const image = region ? sharp(png).extract(region) : sharp(png);
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ??
    null
  );
}

/** Decodes the QR of each sticker `places` puts on the rendered page, cropping the sticker and 3 mm around it. */
export async function decodeStickers(
  png: Buffer,
  places: readonly StickerPlace[],
): Promise<(string | null)[]> {
  return Promise.all(
    places.map((p) =>
      decodeQr(png, {
        left: px(p.x - 3),
        top: px(p.y - 3),
        width: px(p.tamanho.largura + 6),
        height: px(p.tamanho.altura + 6),
      }),
    ),
  );
}
