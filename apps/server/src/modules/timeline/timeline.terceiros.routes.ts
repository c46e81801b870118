import { TIMELINE_MESSAGES, TimelinePendentesSchema, TimelineTargetUserSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, IdParams, ValidationErrorBodySchema } from '../../http.ts';
import { codeBudget } from '../../platform/rate-limit.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { findTargetUser } from './timeline.create.ts';
import { acceptTimelineItem, listPendentes, refuseTimelineItem } from './timeline.pendentes.ts';
import {
  DeletedItemAnswer,
  forbiddenErrors,
  Offset,
  SavedItemAnswer,
  type TimelineRouteKit,
} from './timeline.route-kit.ts';

/**
 * Records added by others (docs/timeline-privacy.md "Records added by
 * others"): looking up the patient to add to, and the patient's pending
 * list, accepting and refusing. The addition itself is `POST
 * /api/timeline/item` (`timeline.item.routes.ts`). Registered by `timelineRoutes`.
 */
export const timelineTerceirosRoutes: FastifyPluginAsyncZod<TimelineRouteKit> = async (app, { deps }) => {
  const { config } = app.ctx;
  const { db } = app.ctx.database;

  /**
   * `GET /api/timeline/user/:code` (docs/api/timeline.md "Routes";
   * rate-limited per IP like the public code lookup): 200 `{user: {id, name,
   * avatar, code}}` — only what the add-to-another-patient screen shows; 404
   * `{message: 'Paciente não encontrado'}` for a malformed, unknown or
   * unclaimed code or a closed account; 429 past the limit; 401.
   */
  app.get(
    '/timeline/user/:code',
    {
      onRequest: requireUser,
      config: { access: 'self', rateLimit: codeBudget(config) },
      schema: {
        summary: 'The patient holding a personal code, to add a record to their timeline',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: z.object({ code: z.string() }),
        response: {
          200: z.object({ user: TimelineTargetUserSchema }),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({ user: await findTargetUser(db, actorOf(request), request.params.code) }),
  );

  const pendentesSchema = {
    summary: "Third parties' records awaiting the caller's approval",
    tags: ['timeline'],
    security: [{ bearer: [] }],
    response: { 200: TimelinePendentesSchema, 422: ValidationErrorBodySchema, ...authErrors },
  };

  /**
   * `GET /api/timeline/pendentes` and `/api/timeline/pendentes/:offset`
   * (an addition of ours; docs/timeline-privacy.md "Pending → accepted or refused"): 200 `{timelineItems,
   * total}` — 'Registros aguardando sua aprovação', the records third
   * parties added to the caller's own timeline and the caller has not
   * accepted (`pendente: true`, with `terceiro`), most recently added first,
   * 20 from `offset` (default 0); `total` all of them (the badge). Anyone
   * signed in gets their own list (empty for most); 422 bad offset; 401.
   */
  app.get(
    '/timeline/pendentes',
    { config: { access: 'self' }, onRequest: requireUser, schema: pendentesSchema },
    async (request) => listPendentes(deps(request), actorOf(request), 0),
  );
  app.get(
    '/timeline/pendentes/:offset',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: { ...pendentesSchema, params: z.object({ offset: Offset }) },
    },
    async (request) => listPendentes(deps(request), actorOf(request), request.params.offset),
  );

  /**
   * `PUT /api/timeline/item/:id/aceitar` (an addition of ours;
   * docs/timeline-privacy.md "Pending → accepted or refused"): the patient accepts a third party's pending
   * record: 200 `{message: TIMELINE_MESSAGES.accepted, timelineItem}`; from
   * then on it is read as any record of the timeline (through the code as a
   * third party's). Not blocked by the trial lock. 403 onlyPatient (its
   * author); 404 for anyone else; 409 notPending; 401.
   */
  app.put(
    '/timeline/item/:id/aceitar',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: "Accepts a third party's record into the caller's timeline",
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: {
          200: SavedItemAnswer,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request) => ({
      message: TIMELINE_MESSAGES.accepted,
      timelineItem: await acceptTimelineItem(deps(request), actorOf(request), request.params.id),
    }),
  );

  /**
   * `PUT /api/timeline/item/:id/recusar` (an addition of ours;
   * docs/timeline-privacy.md "Pending → accepted or refused"): the patient refuses a third party's pending
   * record: it is deleted with its attachments (files too): 200 `{message:
   * TIMELINE_MESSAGES.refused, timelineItem: {id}}`. Not blocked by the
   * trial lock. 403 onlyPatient (its author); 404 for anyone else; 409
   * notPending (an accepted record is deleted with DELETE); 401.
   */
  app.put(
    '/timeline/item/:id/recusar',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: "Refuses (deletes) a third party's record awaiting approval",
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: {
          200: DeletedItemAnswer,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request) => {
      await refuseTimelineItem(deps(request), actorOf(request), request.params.id);
      return { message: TIMELINE_MESSAGES.refused, timelineItem: { id: request.params.id } };
    },
  );
};
