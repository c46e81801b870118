import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { actorOf } from '../auth/index.ts';
import { timelineAnexoRoutes } from './timeline.anexo.routes.ts';
import { timelineDorRoutes } from './timeline.dor.ts';
import { timelineItemRoutes } from './timeline.item.routes.ts';
import { timelineListRoutes } from './timeline.list.routes.ts';
import type { TimelineRouteKit } from './timeline.route-kit.ts';
import { assertUnlocked, loadCaller } from './timeline.service.ts';
import { timelineTerceirosRoutes } from './timeline.terceiros.routes.ts';

/**
 * The health timeline (docs/health-record.md "Timeline records", "Pain map";
 * issue 5; docs/timeline-privacy.md). Every route but the signed file URL is behind `requireUser`, run
 * as `onRequest` so that no upload is read for a guest; the writes the trial
 * lock forbids are also refused there, before the body is read. JSON answers
 * carry `cache-control: private, no-store` (health data). The routes, by
 * group: the list (`timeline.list.routes.ts`), one record
 * (`timeline.item.routes.ts`), attachments (`timeline.anexo.routes.ts`),
 * records added by others (`timeline.terceiros.routes.ts`) and the pain
 * history (`timeline.dor.ts`).
 */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.ctx;
  const { db } = app.ctx.database;
  const signer = createUrlSigner(await loadFilesUrlSecret(app.ctx), 'timeline-anexo');
  const notifier = { realtime: app.ctx.realtime, push: app.ctx.push };
  const kit: TimelineRouteKit = {
    deps: (request: FastifyRequest) => ({ db, storage, signer, log: request.log, notifier }),
    requireUnlocked: async (request: FastifyRequest) => {
      assertUnlocked(await loadCaller(db, actorOf(request)));
    },
  };

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  // Registered after the hook, so that every group answers under it.
  await app.register(timelineDorRoutes);
  await app.register(timelineListRoutes, kit);
  await app.register(timelineItemRoutes, kit);
  await app.register(timelineAnexoRoutes, kit);
  await app.register(timelineTerceirosRoutes, kit);
};
