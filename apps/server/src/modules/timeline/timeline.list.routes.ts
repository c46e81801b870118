import { TIMELINE_MESSAGES, TIMELINE_SEARCH_MAX, TimelinePageSchema } from '@pulso/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { listTimeline } from './timeline.page.ts';
import { Offset, type TimelineRouteKit } from './timeline.route-kit.ts';

const ListParams = z.object({
  medico: z.enum(['M', 'all']),
  search: z.string().max(TIMELINE_SEARCH_MAX, TIMELINE_MESSAGES.busca),
});
const ListParamsWithOffset = ListParams.extend({ offset: Offset });

/**
 * The caller's own timeline, a page at a time, plain or searched
 * (docs/health-record.md "The list", "Search"). Registered by `timelineRoutes`.
 */
export const timelineListRoutes: FastifyPluginAsyncZod<TimelineRouteKit> = async (app, { deps }) => {
  const listSchema = {
    summary: "A page of the caller's own timeline, newest first or by search rank",
    tags: ['timeline'],
    security: [{ bearer: [] }],
    response: { 200: TimelinePageSchema, 422: ValidationErrorBodySchema, ...authErrors },
  };
  const list = (request: FastifyRequest, params: z.infer<typeof ListParams>, offset: number) =>
    listTimeline(deps(request), actorOf(request), {
      medico: params.medico,
      search: params.search === 'all' ? null : params.search,
      offset,
    });

  /**
   * `GET /api/timeline/items/:medico/:search` and
   * `/api/timeline/items/:medico/:search/:offset` (docs/api/timeline.md
   * "Routes"): 200 `{user, timelineItems, total}` — `user` the caller's
   * `UserView`; `timelineItems` at most 20 records of the caller's own
   * timeline (records others added included, with `terceiro`) from `offset`
   * (records already loaded; default 0); `total` the records matching.
   * `:medico` `M` keeps the records doctor accounts added, `all` every
   * record; `:search` a term (≤ 100 characters, URL-encoded) or `all`:
   * Portuguese full text, accent-insensitive, prefixes and parts of words,
   * every word required, best match first (`timeline.search.ts`). 422 for a
   * bad `:medico`, a long term or a bad offset; 401.
   */
  app.get(
    '/timeline/items/:medico/:search',
    { config: { access: 'self' }, onRequest: requireUser, schema: { ...listSchema, params: ListParams } },
    async (request) => list(request, request.params, 0),
  );
  app.get(
    '/timeline/items/:medico/:search/:offset',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: { ...listSchema, params: ListParamsWithOffset },
    },
    async (request) => list(request, request.params, request.params.offset),
  );
};
