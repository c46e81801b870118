import type { LocalDor } from '@pulso/domain';

/**
 * The body drawn on the pain map (docs/health-record.md "Saving a pain
 * record": a body image whose regions are the 11 locations of
 * docs/health-record.md "Locations and levels"), front and back, as SVG paths
 * on a 200 × 480 canvas centred on x = 100. Drawn for Pulso: a segmented
 * figure whose segments are the locations, so that each one reads as a place
 * to press. Paired parts (shoulders, arms, hands, legs) are drawn once on the
 * figure's right side (the viewer's left) and mirrored.
 */

/** Width and height of the drawing's canvas (SVG user units). */
export const BODY_VIEWBOX = { width: 200, height: 480 } as const;

/** Which side of the body a figure shows. */
export type BodyView = 'frente' | 'costas';

/** A segment of the figure: a location (clickable) or `null` (neck, buttocks: drawn, not a location). */
export interface BodyPart {
  local: LocalDor | null;
  /** Path of the part; mirrored across x = 100 as well when `pair` is set. */
  d: string;
  pair?: boolean;
}

/** Mirror of a paired part across the figure's middle line. */
export const MIRROR = 'matrix(-1 0 0 1 200 0)';

const head =
  'M100 10 C114 10 124 21 124 37 C124 50 120 59 113 65 C109 68 105 70 100 70 C95 70 91 68 87 65 C80 59 76 50 76 37 C76 21 86 10 100 10 Z';
const neck = 'M90 62 C90.5 71 90 78 86 84 H114 C110 78 109.5 71 110 62 Z';
const shoulder =
  'M84 86 C77 88 70 89 63 91 C55 93.5 50.5 100 49.5 108 L49 119 C55 121.5 65 121.5 70.5 119 L71.5 104 C72 97 77 91 84 86 Z';
const arm =
  'M49 122 C55 124.5 65 124.5 70.5 122 C69.5 145 66.5 170 63.5 190 C60 210 55.5 232 54 255 H41.5 C41 232 42 208 43.5 190 C45.5 165 47 140 49 122 Z';
const hand =
  'M41.5 258 H54 C56 263 58 268 57.5 273 C57.2 275.5 56 276.5 55.3 276.8 C55.8 283 54.8 289 52.5 292.5 C50 295.5 45 295.5 42.5 292.5 C39.5 288 39 280 39.5 272 C39.8 266 40.5 261 41.5 258 Z';
const handBack =
  'M41.5 258 H54 C55.5 266 56 276 55 284 C54 291 50.5 295.5 47 295.5 C43 295.5 40 291 39.5 284 C39 276 40 266 41.5 258 Z';
const chest =
  'M87 87 C80 91.5 75 97.5 74.5 105 C74.5 120 75.5 136 77 151 H123 C124.5 136 125.5 120 125.5 105 C125 97.5 120 91.5 113 87 C108 89.5 92 89.5 87 87 Z';
const abdomen =
  'M77 154 H123 C123.5 170 122 186 122.5 198 C123.5 212 128 226 129 241 H104.5 L100 247 L95.5 241 H71 C72 226 76.5 212 77.5 198 C78 186 76.5 170 77 154 Z';
const back =
  'M87 87 C80 91.5 75 97.5 74.5 105 C74.5 120 75.5 136 77 151 C76.8 170 78 186 77.7 200 L77.3 206 H122.7 L122.3 200 C122 186 123.2 170 123 151 C124.5 136 125.5 120 125.5 105 C125 97.5 120 91.5 113 87 C108 89.5 92 89.5 87 87 Z';
const buttocks =
  'M77.3 209 H122.7 C124 220 128.5 230 129 241 C122 246 109 247 100 243 C91 247 78 246 71 241 C71.5 230 76 220 77.3 209 Z';
const thigh = 'M71 244 H95 L98.5 250 C98.5 276 97.5 302 96.5 328 H77.5 C75.5 302 72 274 71 244 Z';
const knee = 'M77.5 331 H96.5 C98 339 98 349 96 356 H78 C76 349 76 339 77.5 331 Z';
const leg = 'M78 359 H96 C97 376 95.5 402 93.5 432 H83 C80.5 410 76 392 76 376 C76 369 77 363 78 359 Z';
const footFront = 'M83 435 H93.5 C94.5 442 95.5 449 94.5 455 C90 459 79 459 75.5 456 C75 450 79 444 83 435 Z';
const footBack =
  'M83 435 H93.5 C95.5 443 95.5 451 92.5 456 C89.5 458.5 86 458.5 83.5 456 C81 451 81 443 83 435 Z';

/** Front view: 10 locations (all but Costas), neck drawn between head and chest. */
export const FRONT_PARTS: readonly BodyPart[] = [
  { local: null, d: neck },
  { local: 'Cabeça', d: head },
  { local: 'Ombro', d: shoulder, pair: true },
  { local: 'Peito', d: chest },
  { local: 'Abdomem', d: abdomen },
  { local: 'Braço', d: arm, pair: true },
  { local: 'Mãos', d: hand, pair: true },
  { local: 'Coxa', d: thigh, pair: true },
  { local: 'Joelho', d: knee, pair: true },
  { local: 'Perna', d: leg, pair: true },
  { local: 'Pés', d: footFront, pair: true },
];

/** Back view: Costas in place of chest and abdomen; the buttocks are drawn, not a location. */
export const BACK_PARTS: readonly BodyPart[] = [
  { local: null, d: neck },
  { local: 'Cabeça', d: head },
  { local: 'Ombro', d: shoulder, pair: true },
  { local: 'Costas', d: back },
  { local: null, d: buttocks },
  { local: 'Braço', d: arm, pair: true },
  { local: 'Mãos', d: handBack, pair: true },
  { local: 'Coxa', d: thigh, pair: true },
  { local: 'Joelho', d: knee, pair: true },
  { local: 'Perna', d: leg, pair: true },
  { local: 'Pés', d: footBack, pair: true },
];

/** Decorative lines over a view (the navel; the spine and shoulder blades), never a target. */
export const VIEW_DETAILS: Record<BodyView, readonly string[]> = {
  frente: ['M100 183 v4'],
  costas: ['M100 94 V198', 'M85 108 C84 116 86 123 92 127', 'M115 108 C116 116 114 123 108 127'],
};

/** The parts of a view. */
export function partsOf(view: BodyView): readonly BodyPart[] {
  return view === 'frente' ? FRONT_PARTS : BACK_PARTS;
}
