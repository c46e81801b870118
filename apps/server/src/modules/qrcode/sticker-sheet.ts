import { type AdesivoTamanho, codeUrl, formatCode } from '@pulso/domain';
import { newPdfDocument } from '../../platform/lazy-libs.ts';
import { drawPdfQr } from '../../platform/qr-shapes.ts';

/**
 * The print-ready sticker sheet (issue 9 "Sticker batches", "Orders"): A4
 * pages of stickers, each a QR code encoding `{PUBLIC_ORIGIN}/code/{code}`
 * (docs/codes.md "QR content") drawn as vector squares with the code in
 * `### AA ###` type under it, and crop marks outside each sticker's corners.
 * Made with pdfkit; lengths below are millimetres.
 */

/** A4 in millimetres. */
export const A4_MM = { largura: 210, altura: 297 } as const;
/** Left and top of the sticker area, and the gap between stickers (room for the crop marks). */
export const SHEET_MARGIN_MM = { esquerda: 13, topo: 19 } as const;
export const STICKER_GAP_MM = 8;
// Crop marks start 1 mm outside the cut and run 2.5 mm: the marks of two neighbours never touch.
const MARK_OFFSET_MM = 1;
const MARK_LENGTH_MM = 2.5;
const PADDING_MM = 1.5;
// Quiet zone inside the printed square, in modules; the sticker's white margin adds to it.
const QUIET_MODULES = 2;

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;

/** One sticker to print: the canonical code and its size. */
export interface Sticker {
  code: string;
  tamanho: AdesivoTamanho;
}

/** Where a sticker lands: page (0-based) and its top-left corner, in mm from the page's top-left. */
export interface StickerPlace extends Sticker {
  pagina: number;
  x: number;
  y: number;
}

/**
 * Places stickers left to right, in rows as tall as the row's tallest
 * sticker, `STICKER_GAP_MM` apart, a new A4 page when a row would pass the
 * bottom margin (the top margin mirrored). Pure, so tests can crop a render.
 */
export function sheetLayout(stickers: readonly Sticker[]): StickerPlace[] {
  const right = A4_MM.largura - SHEET_MARGIN_MM.esquerda;
  const bottom = A4_MM.altura - SHEET_MARGIN_MM.topo;
  const places: StickerPlace[] = [];
  let pagina = 0;
  let x = SHEET_MARGIN_MM.esquerda;
  let y = SHEET_MARGIN_MM.topo;
  let rowHeight = 0;
  for (const sticker of stickers) {
    const { largura, altura } = sticker.tamanho;
    if (x > SHEET_MARGIN_MM.esquerda && x + largura > right) {
      x = SHEET_MARGIN_MM.esquerda;
      y += rowHeight + STICKER_GAP_MM;
      rowHeight = 0;
    }
    if (y > SHEET_MARGIN_MM.topo && y + altura > bottom) {
      pagina += 1;
      x = SHEET_MARGIN_MM.esquerda;
      y = SHEET_MARGIN_MM.topo;
      rowHeight = 0;
    }
    places.push({ ...sticker, pagina, x, y });
    x += largura + STICKER_GAP_MM;
    rowHeight = Math.max(rowHeight, altura);
  }
  return places;
}

/** The band under the QR code that holds the code's text, and its type size, for a sticker height. */
function textBand(alturaMm: number): { bandMm: number; fontPt: number } {
  return alturaMm >= 30 ? { bandMm: 5, fontPt: 10 } : { bandMm: 3.5, fontPt: 7 };
}

function drawCropMarks(doc: PDFKit.PDFDocument, place: StickerPlace): void {
  const { x, y } = place;
  const { largura: w, altura: h } = place.tamanho;
  const a = MARK_OFFSET_MM;
  const b = MARK_OFFSET_MM + MARK_LENGTH_MM;
  for (const [cx, sx] of [
    [x, -1],
    [x + w, 1],
  ] as const) {
    for (const [cy, sy] of [
      [y, -1],
      [y + h, 1],
    ] as const) {
      // A horizontal mark on the line of the edge y, outside x; a vertical one on x, outside y.
      doc
        .moveTo(pt(cx + sx * a), pt(cy))
        .lineTo(pt(cx + sx * b), pt(cy))
        .moveTo(pt(cx), pt(cy + sy * a))
        .lineTo(pt(cx), pt(cy + sy * b));
    }
  }
  doc.lineWidth(0.25).strokeColor('black').stroke();
}

/**
 * The sheet of `stickers` as a PDF (A4, portrait): each sticker's QR code
 * encodes `codeUrl(origin, code)`, the code is printed `### AA ###` under it,
 * crop marks surround it; `titulo` heads each page with the page count.
 * Answers the PDF's bytes.
 */
export async function stickerSheetPdf(input: {
  titulo: string;
  origin: string;
  stickers: readonly Sticker[];
}): Promise<Buffer> {
  const places = sheetLayout(input.stickers);
  const pages = (places.at(-1)?.pagina ?? 0) + 1;
  const doc = await newPdfDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: input.titulo, Author: 'Pulso', Creator: 'Pulso' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (let pagina = 0; pagina < pages; pagina++) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#444444')
      .text(`${input.titulo} · página ${pagina + 1} de ${pages}`, pt(SHEET_MARGIN_MM.esquerda), pt(8), {
        lineBreak: false,
      });
    for (const place of places.filter((p) => p.pagina === pagina)) {
      const { largura: w, altura: h } = place.tamanho;
      const { bandMm, fontPt } = textBand(h);
      const side = h - 2 * PADDING_MM - bandMm;
      await drawPdfQr(doc, codeUrl(input.origin, place.code), {
        leftMm: place.x + (w - side) / 2,
        topMm: place.y + PADDING_MM,
        sideMm: side,
        quietModules: QUIET_MODULES,
      });
      doc
        .font('Helvetica-Bold')
        .fontSize(fontPt)
        .fillColor('black')
        .text(formatCode(place.code), pt(place.x), pt(place.y + PADDING_MM + side + 0.4), {
          width: pt(w),
          align: 'center',
          lineBreak: false,
        });
      drawCropMarks(doc, place);
    }
  }
  doc.end();
  return done;
}
