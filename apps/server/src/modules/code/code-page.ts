import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EMBEDDED_CODE_DATA_ID, PublicCodeViewSchema } from '@pulso/domain';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../errors.ts';
import { codeBudget, markCodeMiss } from '../../platform/rate-limit.ts';
import { codeLookup } from './code.service.ts';
import { renderEmergencyFacts } from './emergency-html.ts';

/** Source path of the public page in the Vite manifest (apps/web). */
const CODE_PAGE_SOURCE = 'src/features/code/code-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The SPA's index.html prepared for `/code/:code`: the page's chunks preloaded, app sheets last. */
export interface CodePageShell {
  /** index.html with modulepreload and stylesheet links of the public page. */
  html: string;
}

/**
 * Reads `index.html` and the Vite manifest of the built SPA and adds
 * `<link rel="modulepreload">` / stylesheet links for the public page's
 * chunks, so that the browser fetches them alongside the entry instead of
 * after it. Answers `null` when the build has no manifest.
 */
export function loadCodePageShell(webDist: string): CodePageShell | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(CODE_PAGE_SOURCE);
  if (files.size === 0) return null;
  // Only the small sheet of the plain-HTML facts may block the first paint; the app's sheets move to
  // the end of <body>, where they no longer hold back what comes before them.
  const appSheets = index.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  const head = [
    '<link rel="stylesheet" href="/emergency.css">',
    ...[...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('');
  const tail = [...appSheets, ...[...css].map((f) => `<link rel="stylesheet" href="/${f}">`)].join('');
  const html = appSheets
    .reduce((page, sheet) => page.replace(sheet, ''), index)
    .replace('</head>', `${head}</head>`)
    .replace('</body>', `${tail}</body>`);
  return { html };
}

/** JSON safe inside an HTML `<script>` element (no `</script>`, no line separators). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * `GET /code/:code`, the page a scanned QR code opens (RULINGS.md "QR
 * content"). A paramedic's phone gets, in the first answer, the SPA shell
 * with the public page's chunks preloaded and the Emergency tab's data
 * embedded as JSON (`#pulso-code-data`, the `PublicCodeView` a visitor may
 * read, My Health included when the patient opened it to anyone) and its vital facts rendered as plain
 * HTML (`renderEmergencyFacts`), so the blood type shows before any script
 * runs and no further API round trip stands between scan and data. A navigation carries no bearer token
 * (it lives in localStorage), so the opening is logged as a visitor's, as
 * `GET /api/code/:code` logs it and shares its rate limit; an unknown code
 * gets the plain shell, whose page then asks the API and offers registration.
 */
export function codePageRoutes(shell: CodePageShell): FastifyPluginAsync {
  return async (app) => {
    const lookup = codeLookup(app.ctx.database.db);
    app.get<{ Params: { code: string } }>(
      '/code/:code',
      {
        config: { access: 'public', rateLimit: codeBudget(app.ctx.config) },
        schema: { hide: true },
      },
      async (request, reply) => {
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex');
        try {
          // What a visitor may read: a navigation carries no token. The page asks the API again only
          // when a signed-in viewer might be allowed more.
          const view = PublicCodeViewSchema.parse(await lookup.open(request.params.code, null, request.log));
          const data = `<script type="application/json" id="${EMBEDDED_CODE_DATA_ID}">${scriptSafeJson(view)}</script>`;
          return shell.html
            .replace('</head>', `${data}</head>`)
            .replace(/<body([^>]*)>/, (body) => `${body}${renderEmergencyFacts(view.user)}`);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 404) {
            markCodeMiss(request);
            return shell.html;
          }
          throw error;
        }
      },
    );
  };
}
