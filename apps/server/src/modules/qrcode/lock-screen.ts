import type { CartaoFacts } from '@pulso/domain';
import { type CartaoEscolha, formatCode, TELA_FORMATOS, type TelaFormato } from '@pulso/domain';
import { loadSharp } from '../../platform/lazy-libs.ts';
import { escapeHtml } from '../../platform/mail-templates.ts';
import { qrRuns } from '../../platform/qr-shapes.ts';
import { fitLine, loadFonts, textPathData, textWidth, type Weight, wrapText } from './card-text.ts';
import { COLORS, chosenFacts, LABELS } from './cartao.service.ts';

/** The lock-screen image (docs/emergency-card.md): an SVG of the chosen facts and the QR, rasterised to PNG. */

/** Share of the image's height, from the top, where nothing is drawn: the lock screen's clock and date. */
export const CLEAR_TOP = 0.3;
/** Share of the height, from the top, below which nothing is drawn: the flashlight, camera and home bar. */
export const CLEAR_BOTTOM_FROM = 0.9;

/** Design width of the lock screen; every length below is in these units, scaled to the real width. */
const DESIGN_WIDTH = 1170;

interface Shape {
  /** What the shape says, for the SVG's accessible labels (escaped when written). */
  label: string;
  d: string;
  fill: string;
}

/** A QR code ({@link qrRuns}) as one SVG path of its runs, `module` units a side, top-left at (x, y). */
function qrPathData(
  { size, runs }: Awaited<ReturnType<typeof qrRuns>>,
  x: number,
  y: number,
  module: number,
): { d: string; side: number } {
  const d = runs
    .map(
      (r) =>
        `M${x + r.start * module} ${y + r.row * module}h${r.length * module}v${module}h${-r.length * module}Z`,
    )
    .join('');
  return { d, side: size * module };
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
export async function lockScreenSvg(
  facts: CartaoFacts,
  escolha: CartaoEscolha,
  formato: TelaFormato,
): Promise<string> {
  await loadFonts();
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
  const code = await qrRuns(f.url);
  const module = Math.max(1, Math.floor((420 * s) / code.size));
  const qrSide = code.size * module;
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
  const qr = qrPathData(code, qrLeft, Math.round(cardY + qrTop), module);
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
export async function lockScreenPng(
  facts: CartaoFacts,
  escolha: CartaoEscolha,
  formato: TelaFormato,
): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(await lockScreenSvg(facts, escolha, formato)))
    .png()
    .toBuffer();
}
