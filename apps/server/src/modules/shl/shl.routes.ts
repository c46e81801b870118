import { SHL_MESSAGES, ShlCreateSchema, ShlManifestRequestSchema, ShlViewSchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { codeBudget } from '../../platform/rate-limit.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { createShl, listShl, openManifest, revokeShl, WrongPasscode } from './shl.service.ts';

const meta = { tags: ['shl'] };

/**
 * SMART Health Links (docs/smart-health-links.md): the patient makes, lists and revokes links to their
 * International Patient Summary; whoever holds a link posts to its manifest.
 */
export const shlRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { publicOrigin } = app.ctx.config;

  /**
   * `POST /api/shl` `{label, dias, passcode?}` → 201 `{link, shl}`: `link` the SMART Health Link
   * (`{origin}/shl#shlink:/…`, answered once: its key is not kept), `shl` its list entry. 422 per field; 401.
   */
  app.post(
    '/shl',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: "Makes a SMART Health Link to the signed-in patient's summary",
        body: ShlCreateSchema,
        response: {
          201: z.object({ link: z.string(), shl: ShlViewSchema }),
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createShl(db, publicOrigin, actorOf(request).userId, request.body)),
  );

  /** `GET /api/shl` → 200 `{links: ShlView[]}`, the caller's own links, newest first. 401. */
  app.get(
    '/shl',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: "The signed-in patient's SMART Health Links",
        response: { 200: z.object({ links: z.array(ShlViewSchema) }), ...authErrors },
      },
    },
    async (request) => ({ links: await listShl(db, actorOf(request).userId) }),
  );

  /** `DELETE /api/shl/:id` → 200 `{id}`: revoked, its manifest answers 404. 404 'Link não encontrado' for another's. */
  app.delete(
    '/shl/:id',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...meta,
        summary: 'Revokes one of the signed-in patient’s SMART Health Links',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ id: z.number() }), 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      await revokeShl(db, actorOf(request).userId, request.params.id);
      return { id: request.params.id };
    },
  );

  /**
   * `POST /api/shl/m/:manifestId` `{recipient, passcode?}` (public, the code budget per IP): 200 `{files:
   * [{contentType: 'application/fhir+json', embedded}]}`, the summary as compact JWE; 401 `{message: 'Senha
   * incorreta', remainingAttempts}` for a wrong or missing passcode; 404 'Link não encontrado' for an unknown,
   * revoked, expired or locked link; 422 `errors.recipient`. Each 200 goes to the patient's access log.
   */
  app.post(
    '/shl/m/:manifestId',
    {
      config: { access: 'public', rateLimit: codeBudget(app.ctx.config) },
      schema: {
        ...meta,
        summary: 'The manifest of a SMART Health Link',
        params: z.object({ manifestId: z.string().max(64) }),
        body: ShlManifestRequestSchema,
        response: {
          200: z.object({
            files: z.array(z.object({ contentType: z.string(), embedded: z.string() })),
          }),
          401: z.object({ message: z.string(), remainingAttempts: z.number() }),
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return await openManifest(db, request.params.manifestId, request.body);
      } catch (error) {
        if (!(error instanceof WrongPasscode)) throw error;
        return reply
          .code(401)
          .send({ message: SHL_MESSAGES.wrongPasscode, remainingAttempts: error.remainingAttempts });
      }
    },
  );
};
