import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import { LANG_COOKIE, langOf, pickLang, tabOf } from '@pulso/code-page';
import {
  CODE_PAGE_STYLE_SOURCE,
  type CodePageAssets,
  loaderScript,
  renderCodeDocument,
  renderCodeErrorDocument,
  renderCodeNotFoundDocument,
  renderCodeReplacedDocument,
} from '@pulso/code-page/server';
import { formatCode, PublicCodeViewSchema, parseCode } from '@pulso/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import { codeBudget, markCodeMiss } from '../../platform/rate-limit.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { findVirginCode } from '../qrcode/index.ts';
import { codeLookup } from './code.service.ts';
import { issueLocationToken, LOCATION_PURPOSE } from './location.ts';

/** Source path of the public page's browser entry in the Vite manifest (apps/web). */
const CODE_PAGE_ENTRY = 'src/code-page.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The built browser side of /code/:code, read from its Vite manifest (apps/web vite.code-page.config.ts): the entry's URL and
 * the chunks it imports statically (preloaded with it). `null` without a build or without that entry:
 * the page is then served without scripts, still whole.
 */
export function loadCodePageAssets(webDist: string): CodePageAssets | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'code-page-manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  const entry = manifest[CODE_PAGE_ENTRY];
  if (!entry) return null;
  const preload = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(`/${chunk.file}`)) return;
    preload.add(`/${chunk.file}`);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const child of entry.imports ?? []) visit(child);
  return { script: `/${entry.file}`, preload: [...preload] };
}

/** The value of a cookie in a `Cookie` header, or `null`. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/** The page's language: `?lang=`, else the switch's cookie, else `Accept-Language`, else pt-BR. */
function langOfRequest(request: FastifyRequest) {
  const query = request.query as { lang?: string } | undefined;
  return pickLang(
    request.headers['accept-language'],
    query?.lang ?? cookieValue(request.headers.cookie, LANG_COOKIE),
  );
}

/**
 * The headers of every page of /code (docs/public-code-page.md "What the server sends"): the app's CSP with
 * the page's inline stylesheet and loader script allowed by their hashes (nothing else inline), and no
 * `Cross-Origin-Opener-Policy`. The page is meant to be opened from anywhere (a phone's camera, a
 * chat's link, the app's reader) and its answer holds only what any holder of the code may read; COOP
 * would put each such opening in a new browsing context group, a new renderer process on the rescuer's
 * phone, before the first paint (bench/README.md "page.ts").
 */
function pageHeaders(reply: FastifyReply, scriptSource: string | null): void {
  reply.removeHeader('cross-origin-opener-policy');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const add = (directive: string, source: string | null) => (text: string) =>
    source
      ? text.replace(
          new RegExp(`${directive} ([^;]*)`),
          (_all, sources: string) => `${directive} ${sources} ${source}`,
        )
      : text;
  reply.header(
    'content-security-policy',
    add('script-src', scriptSource)(add('style-src', CODE_PAGE_STYLE_SOURCE)(policy)),
  );
}

/** The longest typed text the not-found page repeats back (a code with spaces and dashes fits). */
const TYPED_CODE_MAX = 20;

/** Sends a scriptless page of a code that opens nothing, with `status`: no cache, no index. */
function sendStatePage(reply: FastifyReply, status: 404 | 410, html: string): FastifyReply {
  pageHeaders(reply, null);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(html);
}

/**
 * Answers 404 with the page of a code no profile has (docs/public-code-page.md): `typed` as the
 * viewer gave it (its canonical form when it has one), a field to type it again and the 192/193 calls.
 */
function sendNotFound(request: FastifyRequest, reply: FastifyReply, typed: string): FastifyReply {
  const code = parseCode(typed);
  return sendStatePage(
    reply,
    404,
    renderCodeNotFoundDocument({
      lang: langOfRequest(request),
      code: code ? formatCode(code) : typed.trim().slice(0, TYPED_CODE_MAX),
    }),
  );
}

/** Answers 410 with the page of a code its patient replaced (docs/codes.md "A lost sticker"): no personal data, 192/193. */
function sendReplaced(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendStatePage(reply, 410, renderCodeReplacedDocument({ lang: langOfRequest(request) }));
}

/**
 * `GET /code/:code?aba=&lang=`, the page a scanned QR code opens (docs/public-code-page.md): the whole
 * page, server-rendered by the components the browser then hydrates, with what a guest may read (a
 * navigation carries no bearer token; the page asks the API once more for a signed-in viewer). `aba`
 * picks the tab (`saude`, `timeline`; the Emergency tab otherwise), so the tabs work without scripts;
 * the language is `lang`, else the switch's cookie, else `Accept-Language`, else pt-BR. The opening is
 * logged as a visitor's and shares the code budget of `GET /api/code/:code`. An unclaimed sticker's code
 * goes to /register/:code; a code its patient replaced is a 410 page saying so, with the 192/193 calls
 * (the attempt logged for that patient); any other code that opens nothing (unknown, malformed, a closed account) is
 * a 404 page saying so, with a field to type the code again (`GET /code?codigo=`, which goes to its
 * page) and the 192/193 calls. A refusal (429, 503) is a page with the message and the 192/193 calls,
 * with its status.
 */
export function codePageRoutes(assets: CodePageAssets | null): FastifyPluginAsync {
  return async (app) => {
    const lookup = codeLookup(app.ctx.database.db);
    const loader = assets ? loaderScript(assets) : null;
    const locationSigner = createUrlSigner(await loadFilesUrlSecret(app.ctx), LOCATION_PURPOSE);
    // A failure here (the code budget spent, the server overloaded, the database away) is the one error
    // handler's answer, shown as a page with its message and the 192/193 calls rather than as JSON.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      if (!String(reply.getHeader('content-type')).startsWith('application/json')) return payload;
      const { message } = JSON.parse(payload) as { message: string };
      pageHeaders(reply, null);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return renderCodeErrorDocument({ lang: langOfRequest(request), message, retryHref: request.url });
    });
    // The page is made per request: compressed per request too (brotli first), in this plugin only.
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
    app.get<{ Params: { code: string }; Querystring: { aba?: string; lang?: string } }>(
      '/code/:code',
      {
        config: { access: 'public', rateLimit: codeBudget(app.ctx.config) },
        schema: { hide: true },
      },
      async (request, reply) => {
        const { code } = request.params;
        let view: ReturnType<typeof PublicCodeViewSchema.parse>;
        let logId: number | null;
        try {
          const opened = await lookup.openLogged(code, null, request.log);
          view = PublicCodeViewSchema.parse(opened.view);
          logId = opened.logId;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 410) return sendReplaced(request, reply);
          if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
          markCodeMiss(request);
          const virgin = await findVirginCode(app.ctx.database.db, code).catch((miss: unknown) => {
            if (miss instanceof HttpError && miss.statusCode === 404) return null;
            throw miss;
          });
          return virgin ? reply.redirect(`/register/${virgin}`) : sendNotFound(request, reply, code);
        }
        const lang = langOfRequest(request);
        // Chosen with the switch as a link (before the script, or without it): kept as the script keeps it.
        if (langOf(request.query.lang) === lang) {
          reply.header('set-cookie', `${LANG_COOKIE}=${lang}; Path=/code; Max-Age=31536000; SameSite=Lax`);
        }
        pageHeaders(reply, loader?.source ?? null);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('vary', 'accept-language, cookie')
          .header('x-robots-tag', 'noindex')
          .send(
            renderCodeDocument({
              view,
              lang,
              tab: tabOf(request.query.aba),
              assets: loader && { loader: loader.text },
              // For the script to share where the viewer is (docs/code-alerts.md "Where").
              localizacao: logId === null ? undefined : issueLocationToken(locationSigner, logId),
            }),
          );
      },
    );
    // The not-found page's form: the page of what was typed (its canonical form when it is a code), where
    // the language switch and a reload keep working; text that is no code finds the not-found page again.
    app.get<{ Querystring: { codigo?: string; lang?: string } }>(
      '/code',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const typed = (request.query.codigo ?? '').trim().slice(0, TYPED_CODE_MAX);
        const target = parseCode(typed) ?? encodeURIComponent(typed || '-');
        const lang = langOf(request.query.lang);
        return reply.redirect(`/code/${target}${lang ? `?lang=${lang}` : ''}`);
      },
    );
  };
}
