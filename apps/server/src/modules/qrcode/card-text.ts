import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

/**
 * Text for the lock-screen image and the wallet card (docs/emergency-card.md
 * "Fonts"): the Inter typeface (SIL Open Font License 1.1) shipped by the
 * `@expo-google-fonts/inter` package, read with fontkit. Lines are measured
 * and wrapped here, then drawn as SVG paths (the PNG) or embedded into the
 * PDF, so nothing depends on the fonts a server happens to have installed.
 */

const require = createRequire(import.meta.url);

/** The two weights used, as TrueType files inside node_modules. */
export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
} as const;

/** A weight of {@link FONT_FILES}. */
export type Weight = keyof typeof FONT_FILES;

const fonts = new Map<Weight, Fontkit.Font>();

/**
 * Reads both weights with fontkit, once per process; every function here that
 * measures or draws text needs it done. fontkit is imported here, on the
 * first image or card asked for, not at the server's start (about 15 MB:
 * docs/performance.md "The embedded database's memory").
 */
export async function loadFonts(): Promise<void> {
  if (fonts.size === Object.keys(FONT_FILES).length) return;
  const fontkit = await import('fontkit');
  for (const weight of Object.keys(FONT_FILES) as Weight[]) {
    fonts.set(weight, fontkit.create(readFileSync(FONT_FILES[weight])) as Fontkit.Font);
  }
}

/** The fontkit font of `weight`; throws when {@link loadFonts} has not finished. */
export function fontOf(weight: Weight): Fontkit.Font {
  const font = fonts.get(weight);
  if (!font) throw new Error('card-text: await loadFonts() before measuring or drawing text');
  return font;
}

/** Width of `text` set in `weight` at `size` (same unit as `size`), with the font's kerning. */
export function textWidth(text: string, weight: Weight, size: number): number {
  const font = fontOf(weight);
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

/** The ellipsis put where a line is cut. */
export const ELLIPSIS = '…';

/** Folds runs of whitespace (line breaks included) into one space and trims: a fact prints as one paragraph. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts `text` to fit `width`, ending it with "…" (nothing but the ellipsis when not even a letter fits). */
function cutToFit(text: string, weight: Weight, size: number, width: number): string {
  const chars = Array.from(text);
  while (chars.length > 0 && textWidth(`${chars.join('').trimEnd()}${ELLIPSIS}`, weight, size) > width) {
    chars.pop();
  }
  return `${chars.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * Breaks `text` (folded by {@link oneLine}) into at most `maxLines` lines no
 * wider than `width`; the first line is `firstIndent` narrower (room for a
 * label set before it). Breaks at spaces; a word wider than a line is broken
 * between letters. When the text needs more lines, the last one is cut and
 * ends with "…". Answers at least one line (an empty one for empty text).
 */
export function wrapText(
  text: string,
  opts: { weight: Weight; size: number; width: number; maxLines: number; firstIndent?: number },
): string[] {
  const { weight, size, width, maxLines } = opts;
  const room = (i: number) => width - (i === 0 ? (opts.firstIndent ?? 0) : 0);
  const fits = (line: string, i: number) => textWidth(line, weight, size) <= room(i);
  const lines: string[] = [];
  let current = '';
  const words = oneLine(text).split(' ').filter(Boolean);
  for (let w = 0; w < words.length; w++) {
    const word = words[w] as string;
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate, lines.length)) {
      current = candidate;
      continue;
    }
    if (current) {
      lines.push(current);
      current = '';
    }
    // A word alone wider than the line: break it between letters.
    let rest = word;
    while (!fits(rest, lines.length)) {
      const chars = Array.from(rest);
      let n = chars.length - 1;
      while (n > 1 && !fits(chars.slice(0, n).join(''), lines.length)) n -= 1;
      lines.push(chars.slice(0, n).join(''));
      rest = chars.slice(n).join('');
      if (lines.length > maxLines) break;
    }
    current = rest;
    if (lines.length > maxLines) break;
  }
  if (current) lines.push(current);
  if (lines.length === 0) return [''];
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = maxLines - 1;
  kept[last] = cutToFit(`${kept[last]} ${lines[maxLines]}`, weight, size, room(last));
  return kept;
}

/** Cuts `text` to one line of `width`, with "…" when it does not fit. */
export function fitLine(text: string, weight: Weight, size: number, width: number): string {
  return wrapText(text, { weight, size, width, maxLines: 1 })[0] as string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * SVG path data of `text` set in `weight` at `size` pixels, its baseline
 * starting at (`x`, `y`). Glyph outlines come from the font, so the image
 * needs no font at render time; a character the font lacks draws its
 * "missing glyph" box.
 */
export function textPathData(text: string, weight: Weight, size: number, x: number, y: number): string {
  const font = fontOf(weight);
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let penX = x;
  let out = '';
  for (let i = 0; i < run.glyphs.length; i++) {
    const glyph = run.glyphs[i] as Fontkit.Glyph;
    const pos = run.positions[i] as Fontkit.GlyphPosition;
    const ox = penX + pos.xOffset * scale;
    const oy = y - pos.yOffset * scale;
    // Font units grow upwards; SVG's y grows downwards.
    for (const cmd of glyph.path.commands) {
      const a = cmd.args;
      const pt = (j: number) =>
        `${round(ox + (a[j] as number) * scale)} ${round(oy - (a[j + 1] as number) * scale)}`;
      if (cmd.command === 'moveTo') out += `M${pt(0)}`;
      else if (cmd.command === 'lineTo') out += `L${pt(0)}`;
      else if (cmd.command === 'quadraticCurveTo') out += `Q${pt(0)} ${pt(2)}`;
      else if (cmd.command === 'bezierCurveTo') out += `C${pt(0)} ${pt(2)} ${pt(4)}`;
      else if (cmd.command === 'closePath') out += 'Z';
    }
    penX += pos.xAdvance * scale;
  }
  return out;
}
