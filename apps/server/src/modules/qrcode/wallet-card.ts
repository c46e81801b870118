import type { CartaoFacts } from '@pulso/domain';
import { type CartaoEscolha, formatCode } from '@pulso/domain';
import { newPdfDocument } from '../../platform/lazy-libs.ts';
import { drawPdfQr } from '../../platform/qr-shapes.ts';
import { FONT_FILES, loadFonts, textWidth, type Weight, wrapText } from './card-text.ts';
import { COLORS, chosenFacts, LABELS } from './cartao.service.ts';

/** The wallet card (docs/emergency-card.md): an ID-1 PDF, front and back, with crop marks. */

/** ID-1 card (ISO/IEC 7810, a bank card), millimetres. */
export const ID1_MM = { largura: 85.6, altura: 54 } as const;
const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;
/** Where the QR code sits on the front, mm from the top-left corner, and its side (quiet zone included). */
export const CARD_QR_MM = { x: 57.1, y: 12.5, lado: 25 } as const;
const MARGIN_MM = 3.5;
const MARK_MM = 3;

/**
 * Crop marks: at each corner, a 3 mm hairline along both edges of the cut.
 * The page is the card itself, so printed at actual size on a larger sheet
 * they show where to cut, and the cut removes them.
 */
function cropMarks(doc: PDFKit.PDFDocument): void {
  const w = ID1_MM.largura;
  const h = ID1_MM.altura;
  const i = 0.1; // half the stroke, so the line is not clipped by the page edge
  for (const [x, sx] of [
    [i, 1],
    [w - i, -1],
  ] as const) {
    for (const [y, sy] of [
      [i, 1],
      [h - i, -1],
    ] as const) {
      doc
        .moveTo(pt(x), pt(y))
        .lineTo(pt(x + sx * MARK_MM), pt(y))
        .moveTo(pt(x), pt(y))
        .lineTo(pt(x), pt(y + sy * MARK_MM));
    }
  }
  doc.lineWidth(0.5).strokeColor('#000000').stroke();
}

/**
 * Sets `lines` top-down from `y` (mm) at `x`, `sizePt` points, `lineMm` apart;
 * answers the y under the last line.
 */
function pdfLines(
  doc: PDFKit.PDFDocument,
  lines: readonly string[],
  opts: {
    x: number;
    y: number;
    weight: Weight;
    sizePt: number;
    lineMm: number;
    color: string;
    indentMm?: number;
  },
): number {
  let y = opts.y;
  lines.forEach((text, i) => {
    doc
      .font(opts.weight)
      .fontSize(opts.sizePt)
      .fillColor(opts.color)
      .text(text, pt(opts.x + (i === 0 ? (opts.indentMm ?? 0) : 0)), pt(y), { lineBreak: false });
    y += opts.lineMm;
  });
  return y;
}

/**
 * The wallet card as a PDF of two ID-1 pages (85.6 × 54 mm, landscape):
 * the front with 'EMERGÊNCIA MÉDICA', the name, blood type, the ticked
 * allergies and medications and, at {@link CARD_QR_MM}, the QR code with the
 * code as `### AA ###` under it; the back with the ticked emergency contact,
 * SAMU 192 / Bombeiros 193, and how to open the data without a QR reader.
 * Crop marks at the corners. Text in the embedded Inter font (a subset), so
 * the PDF prints the same anywhere. Answers the PDF's bytes.
 */
export async function walletCardPdf(facts: CartaoFacts, escolha: CartaoEscolha): Promise<Buffer> {
  await loadFonts();
  const f = chosenFacts(facts, escolha);
  const size: [number, number] = [pt(ID1_MM.largura), pt(ID1_MM.altura)];
  const doc = await newPdfDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Cartão de emergência Pulso', Author: 'Pulso', Creator: 'Pulso' },
  });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const x = MARGIN_MM;
  const width = (mm: number) => pt(mm);

  // Front.
  doc.addPage({ size, margin: 0 });
  doc.rect(0, 0, pt(ID1_MM.largura), pt(9)).fillColor(COLORS.alerta).fill();
  pdfLines(doc, ['EMERGÊNCIA MÉDICA'], { x, y: 2.9, weight: 'bold', sizePt: 8, lineMm: 4, color: '#ffffff' });
  doc.font('bold').fontSize(8).fillColor('#ffffff');
  doc.text('Pulso', pt(ID1_MM.largura - MARGIN_MM) - doc.widthOfString('Pulso'), pt(2.9), {
    lineBreak: false,
  });
  const colMm = CARD_QR_MM.x - x - 1;
  let y = 11.5;
  y = pdfLines(doc, wrapText(f.name, { weight: 'bold', size: 9, width: width(colMm), maxLines: 2 }), {
    x,
    y,
    weight: 'bold',
    sizePt: 9,
    lineMm: 3.8,
    color: COLORS.texto,
  });
  y += 0.8;
  if (f.sangue) {
    const label = 'Tipo sanguíneo: ';
    pdfLines(doc, [label], { x, y, weight: 'regular', sizePt: 7.5, lineMm: 3.4, color: COLORS.suave });
    const indent = textWidth(label, 'regular', 7.5) / PT_PER_MM;
    y = pdfLines(doc, [f.sangue], {
      x: x + indent,
      y: y - 0.3,
      weight: 'bold',
      sizePt: 8.5,
      lineMm: 3.7,
      color: COLORS.texto,
    });
    y += 0.6;
  }
  for (const item of ['alergias', 'medicamentos'] as const) {
    const value = f[item];
    if (!value) continue;
    const label = `${LABELS[item]} `;
    const indent = textWidth(label, 'bold', 6.5);
    const lines = wrapText(value, {
      weight: 'regular',
      size: 6.5,
      width: width(colMm),
      maxLines: 3,
      firstIndent: indent,
    });
    pdfLines(doc, [label], {
      x,
      y,
      weight: 'bold',
      sizePt: 6.5,
      lineMm: 2.9,
      color: item === 'alergias' ? COLORS.alerta : COLORS.texto,
    });
    y = pdfLines(doc, lines, {
      x,
      y,
      weight: 'regular',
      sizePt: 6.5,
      lineMm: 2.9,
      color: COLORS.texto,
      indentMm: indent / PT_PER_MM,
    });
    y += 0.8;
  }
  await drawPdfQr(doc, f.url, {
    leftMm: CARD_QR_MM.x,
    topMm: CARD_QR_MM.y,
    sideMm: CARD_QR_MM.lado,
    quietModules: 2,
  });
  const code = formatCode(f.code);
  doc.font('bold').fontSize(8).fillColor(COLORS.texto);
  doc.text(
    code,
    pt(CARD_QR_MM.x + CARD_QR_MM.lado / 2) - doc.widthOfString(code) / 2,
    pt(CARD_QR_MM.y + CARD_QR_MM.lado + 0.6),
    {
      lineBreak: false,
    },
  );
  cropMarks(doc);

  // Back.
  doc.addPage({ size, margin: 0 });
  const full = width(ID1_MM.largura - 2 * MARGIN_MM);
  y = pdfLines(doc, ['Em caso de emergência'], {
    x,
    y: 4.5,
    weight: 'bold',
    sizePt: 9,
    lineMm: 4.6,
    color: COLORS.alerta,
  });
  if (f.contato) {
    y = pdfLines(doc, ['Contato de emergência'], {
      x,
      y,
      weight: 'regular',
      sizePt: 6.5,
      lineMm: 3,
      color: COLORS.suave,
    });
    y = pdfLines(doc, wrapText(f.contato, { weight: 'bold', size: 8, width: full, maxLines: 2 }), {
      x,
      y,
      weight: 'bold',
      sizePt: 8,
      lineMm: 3.6,
      color: COLORS.texto,
    });
    y += 1.2;
  }
  y = pdfLines(doc, ['Ligue SAMU 192 · Bombeiros 193'], {
    x,
    y,
    weight: 'bold',
    sizePt: 8,
    lineMm: 4.4,
    color: COLORS.texto,
  });
  const how = wrapText(
    `Escaneie o QR Code da frente com a câmera do celular ou abra ${f.url} para ver os dados de emergência de ${f.name}.`,
    { weight: 'regular', size: 6.5, width: full, maxLines: 4 },
  );
  pdfLines(doc, how, { x, y, weight: 'regular', sizePt: 6.5, lineMm: 2.9, color: COLORS.suave });
  cropMarks(doc);

  doc.end();
  return done;
}
