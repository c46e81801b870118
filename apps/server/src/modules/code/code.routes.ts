import { LocationShareSchema, PublicCodeViewSchema, PublicTimelinePageSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { codeBudget } from '../../platform/rate-limit.ts';
import { createUrlSigner, loadFilesUrlSecret } from '../../platform/signed-url.ts';
import { optionalUser } from '../auth/index.ts';
import { codeLookup } from './code.service.ts';
import { LOCATION_PURPOSE, shareLocation } from './location.ts';

/**
 * Public view by personal code (docs/codes.md "Opening a code";
 * docs/authorization.md "Who sees what through the code"). Every answer,
 * errors included, carries `cache-control: private, no-store` (health data
 * must never sit in a shared cache, and a 404 turns into data once the code
 * is claimed) and `x-robots-tag: noindex`. A bearer token, when live, names
 * the viewer; a missing or dead one makes a visitor, never a 401.
 */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const lookup = codeLookup(app.ctx.database.db);
  // One per-IP budget with every other route taking a code; a miss costs more (docs/resilience.md).
  const rateLimit = codeBudget(config);
  const locationSigner = createUrlSigner(await loadFilesUrlSecret(app.ctx), LOCATION_PURPOSE);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    reply.header('x-robots-tag', 'noindex');
  });

  /**
   * `GET /api/code/:code` (public; rate-limited per IP): 200
   * `PublicCodeView` `{user, acesso, timelineItems?, total?}` — the Emergency
   * tab always; My Health and the Timeline tab's first page only when
   * `acesso` says this viewer may read them (absent otherwise; the serializer
   * strips anything outside the schema) — the Timeline tab without the
   * records no viewer of the code may read (pending ones) and the
   * telemedicine records of anyone but the patient and that session's
   * doctor, in `total` too (docs/timeline-privacy.md); 404 `{message: 'Código não
   * encontrado'}` for a malformed, unknown or unclaimed code or a closed
   * account; 410 `{message: 'Este código foi substituído'}` for a code its
   * patient replaced after losing the sticker (no personal data; the attempt
   * goes to that patient's access log); 429 past the limit. Each 200 is written to the patient's access
   * log with the viewer and the tabs served.
   */
  app.get(
    '/code/:code',
    {
      config: { access: 'public', rateLimit },
      preHandler: optionalUser,
      schema: {
        summary: "A patient's public view by personal code (any spelling), as this viewer may read it",
        tags: ['code'],
        params: z.object({ code: z.string() }),
        response: {
          200: PublicCodeViewSchema,
          404: ErrorBodySchema,
          410: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => lookup.open(request.params.code, request.actor?.userId ?? null, request.log),
  );

  /**
   * `GET /api/code/:code/timeline/:offset` (public, same limit): the Timeline
   * tab's next page, `{timelineItems, total}`, newest first, 20 per page;
   * `offset` is the number of items already loaded; the records this viewer
   * may not read through the code (pending, others' telemedicine) are left
   * out of both (docs/timeline-privacy.md). 403 `{message:
   * PERMISSOES_MESSAGES.denied}` when this viewer may not read the timeline
   * and, the same answer, for a code that opens nothing (malformed, unknown,
   * unclaimed, closed): the route does not tell whether a code exists. 422
   * for a bad offset. A 200 is written to the access log.
   */
  app.get(
    '/code/:code/timeline/:offset',
    {
      config: { access: 'public', rateLimit },
      preHandler: optionalUser,
      schema: {
        summary: "A further page of a patient's Timeline tab",
        tags: ['code'],
        params: z.object({ code: z.string(), offset: z.coerce.number().int().min(0).max(1_000_000) }),
        response: {
          200: PublicTimelinePageSchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      lookup.timelinePage(
        request.params.code,
        request.actor?.userId ?? null,
        request.params.offset,
        request.log,
      ),
  );

  /**
   * `POST /api/code/localizacao` `{token, latitude, longitude}` (public, same limit; docs/code-alerts.md
   * "Where"): the viewer of an opening shares where they are, by their own tap on the public page. `token`
   * is the opening's signed reference the page was given (valid 1 h); degrees are rounded to 3 decimals
   * (~100 m) into that access-log row and the patient is alerted at once. 200 `{mapa}` the map link of the
   * place as kept; 403 'Este pedido expirou…' for a forged or expired token; 409 'A localização desta
   * abertura já foi compartilhada.'; 422 `errors.latitude`/`longitude` 'Localização inválida'; 429.
   */
  app.post(
    '/code/localizacao',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: "Shares the viewer's location with the patient's family, for one opening of the code",
        tags: ['code'],
        body: LocationShareSchema,
        response: {
          200: z.object({ mapa: z.string() }),
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => shareLocation(app.ctx, request.log, locationSigner, request.body),
  );
};
