/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayInSaoPaulo, EMBEDDED_CODE_DATA_ID, type PublicCodeView, TOKEN_KEY } from '@pulso/domain';
import { renderToString } from 'preact-render-to-string';
import { CodeErrorPage } from './error-page.tsx';
import { type Lang, MESSAGES } from './i18n.ts';
import { CodeNotFoundPage } from './not-found-page.tsx';
import { CodePage } from './page.tsx';
import { CodeReplacedPage } from './replaced-page.tsx';
import { SaudeTab } from './saude-tab.tsx';
import { TimelineTab } from './timeline-tab.tsx';
import type { EmbeddedPage, PageTab } from './view.ts';

/** A `'sha256-…'` CSP source of an inline element's text. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The page's whole stylesheet, inlined into every answer (comments and spaces dropped): nothing stands
 * between the HTML and the first paint.
 */
export const CODE_PAGE_CSS = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'styles.css'),
  'utf8',
)
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .replace(/ ?([{};,>]) ?/g, '$1')
  .replace(/: /g, ':')
  .trim();

/** The CSP source that allows exactly that inline stylesheet (`style-src`), and nothing else inline. */
export const CODE_PAGE_STYLE_SOURCE = hashSource(CODE_PAGE_CSS);

/** The built browser side: the entry's URL and the chunks it imports. */
export interface CodePageAssets {
  script: string;
  preload: string[];
}

/** What a guest does first that says they will use the page: until then the page needs no script. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'mouseover'];

/**
 * The inline script that loads the page's module. First, before the first paint, it marks a browser that
 * holds a session (`cp-viewer` on `<html>`), whose page hides the guest's refusal until its own answer
 * comes; that browser gets the module after the first paint (a frame, then a task), for its second answer.
 * A guest (the rescuer) gets it on their first touch, key or pointer: the facts, the calls, the tabs and
 * the language switch work as plain HTML and links, so nothing runs on a slow phone while they read, and
 * a tab tapped before the module arrives simply loads as a page. Loaded once, by whichever comes first.
 */
export function loaderScript(assets: CodePageAssets): { text: string; source: string } {
  const add = (type: string, attribute: string, url: string) =>
    `e=d.createElement(${JSON.stringify(type)});${attribute};e.href=e.src=${JSON.stringify(url)};d.head.appendChild(e);`;
  const text =
    `(function(){var d=document,h=d.documentElement,v=${JSON.stringify(INTENT_EVENTS)},o={capture:!0,passive:!0},n=0;` +
    `try{localStorage.getItem(${JSON.stringify(TOKEN_KEY)})&&h.classList.add("cp-viewer")}catch(e){}` +
    'function l(){if(n)return;n=1;v.forEach(function(t){removeEventListener(t,l,o)});var e;' +
    assets.preload.map((url) => add('link', 'e.rel="modulepreload"', url)).join('') +
    add('script', 'e.type="module"', assets.script) +
    '}' +
    'h.classList.contains("cp-viewer")?requestAnimationFrame(function(){setTimeout(l)}):v.forEach(function(t){addEventListener(t,l,o)})})()';
  return { text, source: hashSource(text) };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON safe inside a `<script>` element (no `</script>`, no line separators). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The document around a rendered body: `<html lang>`, the title, the inline stylesheet. */
function documentOf(lang: Lang, body: string, tail: string, heading = MESSAGES[lang].title): string {
  const title = `${heading} · Pulso`;
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="theme-color" content="#1971c2"><meta name="color-scheme" content="light">' +
    `<meta name="robots" content="noindex"><title>${escapeAttribute(title)}</title>` +
    // No icon to fetch: an SVG icon is a whole document for the phone to parse, and no rescuer needs it.
    `<link rel="icon" href="data:,"><style>${CODE_PAGE_CSS}</style></head>` +
    `<body><div id="root">${body}</div>${tail}</body></html>`
  );
}

/** The document /code/:code answers when it cannot serve the data now: `message` (pt-BR), a retry, 192/193. */
export function renderCodeErrorDocument(props: { lang: Lang; message: string; retryHref: string }): string {
  return documentOf(props.lang, renderToString(<CodeErrorPage {...props} />), '');
}

/** The document /code/:code answers for a code no profile has: `code` as typed, a field to type it again, 192/193. */
export function renderCodeNotFoundDocument(props: { lang: Lang; code: string }): string {
  return documentOf(
    props.lang,
    renderToString(<CodeNotFoundPage {...props} />),
    '',
    MESSAGES[props.lang].notFound.title,
  );
}

/** The document /code/:code answers for a code its patient replaced: that it was, no personal data, 192/193. */
export function renderCodeReplacedDocument(props: { lang: Lang }): string {
  return documentOf(
    props.lang,
    renderToString(<CodeReplacedPage {...props} />),
    '',
    MESSAGES[props.lang].replaced.title,
  );
}

/**
 * The whole HTML document of /code/:code for `view` (what a guest may read) in `lang`, on `tab`
 * (docs/public-code-page.md): the page rendered by the same components the browser hydrates, the
 * stylesheet inline, the view as JSON (`#pulso-code-data`, an {@link EmbeddedPage}) and, when the web app is built, the
 * {@link loaderScript} of its small module. Readable with scripts blocked.
 */
export function renderCodeDocument({
  view,
  lang,
  tab,
  assets,
  localizacao,
}: {
  view: PublicCodeView;
  lang: Lang;
  tab: PageTab;
  assets: { loader: string } | null;
  /** {@link EmbeddedPage.localizacao}. */
  localizacao?: string | undefined;
}): string {
  const embedded: EmbeddedPage = {
    view,
    updatedOn: dayInSaoPaulo(view.user.updated_at),
    ...(localizacao ? { localizacao } : {}),
  };
  const body = renderToString(
    <CodePage {...embedded} lang={lang} tab={tab} tabs={{ saude: SaudeTab, timeline: TimelineTab }} />,
  );
  const data = `<script type="application/json" id="${EMBEDDED_CODE_DATA_ID}">${scriptSafeJson(embedded)}</script>`;
  return documentOf(lang, body, `${data}${assets ? `<script>${assets.loader}</script>` : ''}`);
}
