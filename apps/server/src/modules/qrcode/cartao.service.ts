import {
  CARTAO_ITENS,
  type CartaoEscolha,
  codeUrl,
  enumLabel,
  formatCode,
  formatPhone,
  RELACAO,
  SANGUE,
  TELA_FORMATOS,
  type TelaFormato,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { escapeHtml } from '../code/emergency-html.ts';
import { FONT_FILES, fitLine, oneLine, textPathData, textWidth, type Weight, wrapText } from './card-text.ts';

/**
 * The lock-screen image and the wallet card (docs/emergency-card.md): made
 * from the signed-in patient's own data, with only the optional facts the
 * patient ticked in the preview of /qrcode/generate.
 */

/**
 * What the files can hold, as printed: the canonical `code`, the `url` the QR
 * encodes (`{PUBLIC_ORIGIN}/code/{code}`), the name, the blood type's label,
 * allergies and medications folded to one paragraph, and the emergency
 * contact as one line ('João Pereira (Cônjuge) · (11) 91234 5678'). `null`:
 * not filled in.
 */
export interface CardFacts {
  code: string;
  url: string;
  name: string;
  sangue: string | null;
  alergias: string | null;
  medicamentos: string | null;
  contato: string | null;
}

const filled = (text: string | null) => (text && oneLine(text) !== '' ? oneLine(text) : null);

/** The signed-in patient's {@link CardFacts}; `publicOrigin` is `PUBLIC_ORIGIN`. */
export async function cardFacts(db: Db, publicOrigin: string, userId: number): Promise<CardFacts> {
  const [row] = await db
    .select({
      code: users.code,
      name: users.name,
      sangue: users.sangue,
      alergias: users.alergias,
      medicamentos: users.medicamentos,
      contato: users.contato,
      contato_telefone: users.contato_telefone,
      contato_relacao: users.contato_relacao,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // requireUser has just resolved a live session of this user: a missing row is a server fault.
  if (!row) throw new Error('Signed-in user not found');
  const relacao = enumLabel(RELACAO, row.contato_relacao);
  const nome = filled(row.contato);
  const telefone = row.contato_telefone ? formatPhone(row.contato_telefone) : null;
  const contato =
    nome || telefone
      ? `${nome ?? 'Contato'}${relacao ? ` (${relacao})` : ''}${telefone ? ` · ${telefone}` : ''}`
      : null;
  return {
    code: row.code,
    url: codeUrl(publicOrigin, row.code),
    name: oneLine(row.name),
    sangue: enumLabel(SANGUE, row.sangue),
    alergias: filled(row.alergias),
    medicamentos: filled(row.medicamentos),
    contato,
  };
}

/** `facts` with every optional fact the patient did not tick set to `null`: it never reaches a drawing. */
export function chosenFacts(facts: CardFacts, escolha: CartaoEscolha): CardFacts {
  const out = { ...facts };
  for (const item of CARTAO_ITENS) if (!escolha[item]) out[item] = null;
  return out;
}

/** Labels of the optional facts, as printed before them. */
const LABELS = { alergias: 'Alergias:', medicamentos: 'Medicamentos:', contato: 'Contato:' } as const;

/** Share of the image's height, from the top, where nothing is drawn: the lock screen's clock and date. */
export const CLEAR_TOP = 0.3;
/** Share of the height, from the top, below which nothing is drawn: the flashlight, camera and home bar. */
export const CLEAR_BOTTOM_FROM = 0.9;

/** Design width of the lock screen; every length below is in these units, scaled to the real width. */
const DESIGN_WIDTH = 1170;
const COLORS = { fundo: '#0d2b45', cartao: '#ffffff', texto: '#1a1b1e', suave: '#495057', alerta: '#c92a2a' };

interface Shape {
  /** What the shape says, for the SVG's accessible labels (escaped when written). */
  label: string;
  d: string;
  fill: string;
}

/** Square modules of a QR code as one path of horizontal runs, `module` units a side, top-left at (x, y). */
function qrPathData(url: string, x: number, y: number, module: number): { d: string; side: number } {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  let d = '';
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col += 1;
      d += `M${x + start * module} ${y + row * module}h${(col - start) * module}v${module}h${-(col - start) * module}Z`;
    }
  }
  return { d, side: n * module };
}

/**
 * The lock-screen image as an SVG document of `formato`'s size in pixels
 * (`TELA_FORMATOS`): a dark background and, between {@link CLEAR_TOP} and
 * {@link CLEAR_BOTTOM_FROM} of the height, a white card with 'EMERGÊNCIA
 * MÉDICA', the name (2 lines at most), the blood type, the ticked allergies,
 * medications (3 lines each) and contact (2 lines), cut with "…" past
 * that, then the QR code (error correction M, whole-pixel modules, 2-module
 * quiet zone inside the card's margin) and the code as `### AA ###`.
 * Text is drawn as glyph outlines (no `<text>`: no font is needed to render
 * it); each line's words are kept, escaped, in its `aria-label`.
 */
export function lockScreenSvg(facts: CardFacts, escolha: CartaoEscolha, formato: TelaFormato): string {
  const f = chosenFacts(facts, escolha);
  const { largura: W, altura: H } = TELA_FORMATOS[formato];
  const s = W / DESIGN_WIDTH;
  const cardX = 60 * s;
  const cardW = W - 2 * cardX;
  const pad = 56 * s;
  const inner = cardW - 2 * pad;
  const left = cardX + pad;
  const shapes: Shape[] = [];
  let y = 0; // from the card's top

  const line = (text: string, weight: Weight, size: number, x: number, baseline: number, fill: string) =>
    shapes.push({ label: text, d: textPathData(text, weight, size, x, baseline), fill });
  const centred = (text: string, weight: Weight, size: number, baseline: number, fill: string) =>
    line(text, weight, size, left + (inner - textWidth(text, weight, size)) / 2, baseline, fill);

  // Baselines sit at 0.8 of each line's height: room above for capitals and accents.
  y += pad;
  const labelSize = 34 * s;
  line('EMERGÊNCIA MÉDICA', 'bold', labelSize, left, y + 48 * s * 0.8, COLORS.alerta);
  y += 48 * s + 8 * s;

  const nameSize = 60 * s;
  for (const text of wrapText(f.name, { weight: 'bold', size: nameSize, width: inner, maxLines: 2 })) {
    line(text, 'bold', nameSize, left, y + 72 * s * 0.8, COLORS.texto);
    y += 72 * s;
  }
  y += 12 * s;

  const factSize = 38 * s;
  const factLine = 52 * s;
  if (f.sangue) {
    const label = 'Tipo sanguíneo:';
    line(label, 'regular', factSize, left, y + factLine * 0.8, COLORS.suave);
    const value = f.sangue;
    line(
      value,
      'bold',
      46 * s,
      left + textWidth(`${label} `, 'regular', factSize),
      y + factLine * 0.8,
      COLORS.texto,
    );
    y += factLine + 16 * s;
  }
  for (const [item, maxLines] of [
    ['alergias', 3],
    ['medicamentos', 3],
    ['contato', 2],
  ] as const) {
    const value = f[item];
    if (!value) continue;
    const label = LABELS[item];
    const indent = textWidth(`${label} `, 'bold', factSize);
    const lines = wrapText(value, {
      weight: 'regular',
      size: factSize,
      width: inner,
      maxLines,
      firstIndent: indent,
    });
    line(
      label,
      'bold',
      factSize,
      left,
      y + factLine * 0.8,
      item === 'alergias' ? COLORS.alerta : COLORS.texto,
    );
    lines.forEach((text, i) => {
      line(text, 'regular', factSize, left + (i === 0 ? indent : 0), y + factLine * 0.8, COLORS.texto);
      y += factLine;
    });
    y += 12 * s;
  }

  // The QR code: whole-pixel modules, so a camera reading the screen sees sharp edges.
  y += 12 * s;
  const modules = QRCode.create(f.url, { errorCorrectionLevel: 'M' }).modules.size;
  const module = Math.max(1, Math.floor((420 * s) / modules));
  const qrSide = modules * module;
  const qrTop = y + 2 * module;
  y = qrTop + qrSide + 2 * module;
  const codeSize = 52 * s;
  const codeBaseline = y + 64 * s * 0.8;
  y += 64 * s;
  const hintSize = 30 * s;
  const hint = fitLine('Escaneie para ver meus dados de emergência', 'regular', hintSize, inner);
  const hintBaseline = y + 44 * s * 0.8;
  y += 44 * s + pad;
  const cardH = y;

  // The card, centred in the band between the clock and the bottom shortcuts.
  const band = { top: CLEAR_TOP * H, bottom: CLEAR_BOTTOM_FROM * H };
  const cardY = Math.round(band.top + Math.max(0, (band.bottom - band.top - cardH) / 2));
  const qrLeft = Math.round((W - qrSide) / 2);
  const qr = qrPathData(f.url, qrLeft, Math.round(cardY + qrTop), module);
  centred(formatCode(f.code), 'bold', codeSize, codeBaseline, COLORS.texto);
  centred(hint, 'regular', hintSize, hintBaseline, COLORS.suave);

  const e = escapeHtml;
  const title = [f.name, f.sangue && `Tipo sanguíneo ${f.sangue}`, formatCode(f.code)]
    .filter(Boolean)
    .join(' · ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${e(title)}">` +
    `<title>${e(title)}</title>` +
    `<rect width="${W}" height="${H}" fill="${COLORS.fundo}"/>` +
    `<rect x="${cardX}" y="${cardY}" width="${cardW}" height="${cardH}" rx="${48 * s}" fill="${COLORS.cartao}"/>` +
    `<g transform="translate(0 ${cardY})">` +
    shapes.map((p) => `<path aria-label="${e(p.label)}" fill="${p.fill}" d="${p.d}"/>`).join('') +
    '</g>' +
    `<path aria-label="QR Code" fill="#000000" d="${qr.d}"/>` +
    '</svg>'
  );
}

/** The lock-screen image as a PNG of exactly `formato`'s pixels ({@link lockScreenSvg} rasterised by sharp). */
export function lockScreenPng(
  facts: CardFacts,
  escolha: CartaoEscolha,
  formato: TelaFormato,
): Promise<Buffer> {
  return sharp(Buffer.from(lockScreenSvg(facts, escolha, formato)))
    .png()
    .toBuffer();
}

/** File name of the lock-screen image: `pulso-tela-de-bloqueio-123AB456-1170x2532.png`. */
export function lockScreenFileName(code: string, formato: TelaFormato): string {
  return `pulso-tela-de-bloqueio-${code}-${formato}.png`;
}

/** File name of the wallet card: `pulso-cartao-123AB456.pdf`. */
export function walletCardFileName(code: string): string {
  return `pulso-cartao-${code}.pdf`;
}

/** ID-1 card (ISO/IEC 7810, a bank card), millimetres. */
export const ID1_MM = { largura: 85.6, altura: 54 } as const;
const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;
/** Where the QR code sits on the front, mm from the top-left corner, and its side (quiet zone included). */
export const CARD_QR_MM = { x: 57.1, y: 12.5, lado: 25 } as const;
const MARGIN_MM = 3.5;
const MARK_MM = 3;

function pdfQr(doc: PDFKit.PDFDocument, url: string): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const module = CARD_QR_MM.lado / (n + 4);
  const ox = CARD_QR_MM.x + 2 * module;
  const oy = CARD_QR_MM.y + 2 * module;
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col += 1;
      doc.rect(pt(ox + start * module), pt(oy + row * module), pt((col - start) * module), pt(module));
    }
  }
  doc.fillColor('black').fill();
}

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
export function walletCardPdf(facts: CardFacts, escolha: CartaoEscolha): Promise<Buffer> {
  const f = chosenFacts(facts, escolha);
  const size: [number, number] = [pt(ID1_MM.largura), pt(ID1_MM.altura)];
  const doc = new PDFDocument({
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
  pdfQr(doc, f.url);
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
