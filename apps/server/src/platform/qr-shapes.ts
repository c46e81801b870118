import { loadQrCode } from './lazy-libs.ts';

/** One horizontal run of dark modules of a QR code: its row, first column and length, in modules. */
export interface QrRun {
  row: number;
  start: number;
  length: number;
}

/**
 * The QR code of `text` (error correction M, as every QR Pulso prints) as
 * `size`×`size` modules, its dark ones grouped in horizontal runs: one shape
 * per run draws fewer, seamless shapes than one square per module.
 */
export async function qrRuns(text: string): Promise<{ size: number; runs: QrRun[] }> {
  const { modules } = (await loadQrCode()).create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const runs: QrRun[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col += 1;
      runs.push({ row, start, length: col - start });
    }
  }
  return { size, runs };
}

const PT_PER_MM = 72 / 25.4;

/**
 * Draws the QR code of `text` in black on a PDF page (pdfkit, points), filling
 * the square of `sideMm` millimetres at (`leftMm`, `topMm`) with
 * `quietModules` modules of quiet zone on each side.
 */
export async function drawPdfQr(
  doc: PDFKit.PDFDocument,
  text: string,
  square: { leftMm: number; topMm: number; sideMm: number; quietModules: number },
): Promise<void> {
  const { size, runs } = await qrRuns(text);
  const module = square.sideMm / (size + 2 * square.quietModules);
  const x = square.leftMm + square.quietModules * module;
  const y = square.topMm + square.quietModules * module;
  for (const run of runs) {
    doc.rect(
      (x + run.start * module) * PT_PER_MM,
      (y + run.row * module) * PT_PER_MM,
      run.length * module * PT_PER_MM,
      module * PT_PER_MM,
    );
  }
  doc.fillColor('black').fill();
}
