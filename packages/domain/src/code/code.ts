/**
 * Personal code rules (docs/codes.md "Personal code", "Typing a code").
 * Canonical form: 8 characters, 3 digits + 2 upper-case letters + 3 digits, no spaces.
 */

/** Length of a canonical personal code (docs/codes.md "Personal code"). */
export const CODE_LENGTH = 8;

/** Display mask of a personal code: `### AA ###`. */
export const CODE_MASK = '000 aa 000';

/** Message when fewer than 8 characters were typed (docs/codes.md "Typing a code"). */
export const CODE_INCOMPLETE_MESSAGE = 'Digite o código completo';

/** Message when a scanned QR code does not come from Pulso's own origin (docs/codes.md "QR content"). */
export const FOREIGN_QR_MESSAGE = 'Este QR Code não foi gerado por esta aplicação';

/**
 * A lost sticker (docs/codes.md "A lost sticker"): what the old code answers (410, no personal data), and the
 * patient's screens around the replacement.
 */
export const CODE_REPLACED_MESSAGES = {
  replaced: 'Este código foi substituído',
  done: 'Pronto: seu código novo já vale. O código antigo não abre mais seus dados.',
  button: 'Perdi meu adesivo',
  confirmTitle: 'Trocar seu código?',
  confirmText:
    'Você recebe um código novo e seus dados continuam os mesmos. Quem ler o adesivo perdido verá só que o código foi substituído, sem nenhum dado seu, e cada tentativa aparece no seu registro de acessos. Os adesivos e cartões com o código antigo deixam de valer: peça adesivos novos.',
  confirm: 'Trocar meu código',
  orderNew: 'Pedir adesivos com o código novo',
} as const;

const CANONICAL = /^\d{3}[A-Z]{2}\d{3}$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Strips spaces and hyphens and upper-cases letters: `' 123 ab-456 '` → `'123AB456'`. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** True when `code` (already normalised) is a canonical personal code. */
export function isCanonicalCode(code: string): boolean {
  return CANONICAL.test(code);
}

/**
 * Normalises any accepted spelling of a code and returns the canonical form,
 * or `null` when the input is not a valid code.
 */
export function parseCode(input: string): string | null {
  const code = normalizeCode(input);
  return isCanonicalCode(code) ? code : null;
}

/** Formats a canonical code for display: `'123AB456'` → `'123 AB 456'`. */
export function formatCode(code: string): string {
  const c = normalizeCode(code);
  if (c.length !== CODE_LENGTH) return c;
  return `${c.slice(0, 3)} ${c.slice(3, 5)} ${c.slice(5)}`;
}

/**
 * Draws a random canonical code. `randomInt(n)` must return a uniformly
 * distributed integer in [0, n) from a cryptographic source (the server passes
 * `crypto.randomInt`); codes are never sequential (docs/codes.md "Personal code").
 */
export function generateCode(randomInt: (max: number) => number): string {
  const digit = () => String(randomInt(10));
  const letter = () => LETTERS[randomInt(LETTERS.length)] as string;
  return digit() + digit() + digit() + letter() + letter() + digit() + digit() + digit();
}

/** The URL a patient's QR code encodes: `{origin}/code/{code}` (docs/codes.md "QR content"). */
export function codeUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/code/${normalizeCode(code)}`;
}

/** Result of reading a scanned QR payload. */
export type ScannedCode = { ok: true; code: string } | { ok: false; message: string };

/**
 * Accepts a scanned QR payload only when its origin equals the app's own origin
 * and its path is `/code/{code}`; otherwise answers the foreign-QR message (docs/codes.md "QR content").
 */
export function readScannedCode(payload: string, appOrigin: string): ScannedCode {
  let url: URL;
  try {
    url = new URL(payload.trim());
  } catch {
    return { ok: false, message: FOREIGN_QR_MESSAGE };
  }
  if (url.origin !== new URL(appOrigin).origin) return { ok: false, message: FOREIGN_QR_MESSAGE };
  const match = /^\/code\/([^/]+)\/?$/.exec(url.pathname);
  const code = match?.[1] ? parseCode(safeDecode(match[1])) : null;
  return code ? { ok: true, code } : { ok: false, message: FOREIGN_QR_MESSAGE };
}

// A malformed escape (`%ZZ`) in a scanned payload is a bad code, not a crash.
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/**
 * Id of the `<script type="application/json">` in which the server embeds the
 * view it rendered into the page a scan opens (`GET /code/:code`); the page's
 * script hydrates from it (docs/public-code-page.md).
 */
export const EMBEDDED_CODE_DATA_ID = 'pulso-code-data';
