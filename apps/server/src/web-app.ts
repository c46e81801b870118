import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HTTP_MESSAGES } from '@pulso/domain';
import type { FastifyInstance } from 'fastify';
import { codePageRoutes, loadCodePageAssets } from './modules/code/code-page.ts';

/**
 * What the server answers outside `/api` and `/dev`:
 * - the public code page (`/code/:code`, server-rendered; docs/public-code-page.md);
 * - the built web app's files from `webDist`: hashed assets cached as immutable, the rest `no-cache`, `.br`/`.gz`
 *   when the browser takes them;
 * - for any other GET, the SPA's `index.html` (docs/architecture.md "Routes of the web app").
 *
 * Unknown `/api/` paths, other methods, and everything when `webDist` holds no build, answer 404 with
 * `HTTP_MESSAGES.notFound`.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  await app.register(codePageRoutes(hasWeb ? loadCodePageAssets(webDist) : null));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One route, `GET /*`, that looks for the file on each request and hands a missing one to the not-found
      // handler below. One route per built file (`wildcard: false`, 680 with the .br/.gz beside them) slowed
      // every start (docs/performance.md "Start-up").
      wildcard: true,
      // Never a dotfile (the build's `.build-stamp`): the plugin's default is to serve them.
      dotfiles: 'ignore',
      // The build writes .br/.gz next to each asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
    }
    // History-style routes of the SPA (docs/architecture.md "Routes of the web app") all load index.html.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
