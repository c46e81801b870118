import type { Lang } from './lang.ts';
import { en } from './messages/en.ts';
import { es } from './messages/es.ts';
import type { Messages } from './messages/messages.ts';
import { ptBR } from './messages/pt-br.ts';

export { LANGS, type Lang } from './lang.ts';
export type { Messages };

/** Name of the cookie that keeps the language chosen with the switch (path `/code`). */
export const LANG_COOKIE = 'pulso_lang';

/** The switch's own label of each language, in that language. */
export const LANG_NAMES: Record<Lang, { short: string; name: string }> = {
  'pt-BR': { short: 'PT', name: 'Português' },
  en: { short: 'EN', name: 'English' },
  es: { short: 'ES', name: 'Español' },
};

/** `'en'`, `'EN-us'`, `'pt'`, `'es-419'` → the page's language; `null` for any other. */
export function langOf(tag: string | null | undefined): Lang | null {
  const base = tag?.trim().toLowerCase().split('-')[0];
  if (base === 'pt') return 'pt-BR';
  if (base === 'en' || base === 'es') return base;
  return null;
}

/**
 * The page's language: the one chosen with the switch (`?lang=` or the cookie) when known, else the
 * best of `Accept-Language` (RFC 9110 §12.5.4: ranges by `q`, in order on ties; `q=0` refused), else
 * pt-BR.
 */
export function pickLang(acceptLanguage: string | undefined, chosen?: string | null): Lang {
  const explicit = langOf(chosen);
  if (explicit) return explicit;
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: langOf(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.lang !== null && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges[0]?.lang ?? 'pt-BR';
}

/** The labels of the page in `lang`. */
export const MESSAGES: Record<Lang, Messages> = { 'pt-BR': ptBR, en, es };
