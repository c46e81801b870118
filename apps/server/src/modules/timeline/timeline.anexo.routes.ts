import { AnexoViewSchema, INT4_MAX, TIMELINE_MESSAGES } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParams, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { AnexoUpload, anexoCsp, contentDisposition } from './timeline.anexos.ts';
import { addAnexo, readSignedAnexo, removeAnexo } from './timeline.item-anexos.ts';
import {
  binary,
  forbiddenErrors,
  isRecord,
  type TimelineRouteKit,
  uploadConfig,
  uploadErrors,
} from './timeline.route-kit.ts';

/** `POST /api/timeline/item/anexo` multipart body: the record's id and one file `anexo`. */
const AnexoCreateBodySchema = z.preprocess(
  (body) => (isRecord(body) ? body : {}),
  z.object({
    timeline_item_id: z.coerce
      .number({ error: TIMELINE_MESSAGES.notFound })
      .int(TIMELINE_MESSAGES.notFound)
      .positive(TIMELINE_MESSAGES.notFound)
      .max(INT4_MAX, TIMELINE_MESSAGES.notFound),
    anexo: z
      .custom<AnexoUpload>((v) => v instanceof AnexoUpload, { error: TIMELINE_MESSAGES.anexoTipo })
      .meta({ ...binary, description: 'JPEG, PNG, WebP (2 MB) ou PDF (10 MB)' }),
  }),
);

/**
 * The attachments of a record (docs/health-record.md "Attachments";
 * docs/architecture.md "Files"): adding and removing one, and the signed URL
 * that serves its bytes. Registered by `timelineRoutes`.
 */
export const timelineAnexoRoutes: FastifyPluginAsyncZod<TimelineRouteKit> = async (
  app,
  { deps, requireUnlocked },
) => {
  /**
   * `POST /api/timeline/item/anexo` (docs/api/timeline.md "Routes"), multipart
   * `timeline_item_id` + one file `anexo` (JPEG/PNG/WebP ≤ 2 MB, PDF ≤
   * 10 MB, told by its bytes): 201 `{anexo: AnexoView}` (`url` signed for
   * 15 minutes). With the rights of editing the record: 404 unless owner or
   * author; 403 painImmutable, notAuthor, locked; 422 `errors.anexo` (type,
   * size, missing, two files in one request, more than 10 files on the
   * record), `errors.timeline_item_id`; 401.
   */
  app.post(
    '/timeline/item/anexo',
    {
      onRequest: [requireUser, requireUnlocked],
      config: { access: 'owner', ...uploadConfig(1) },
      errorHandler: uploadErrors('anexo', TIMELINE_MESSAGES.anexoUm),
      schema: {
        summary: 'Attaches one file to a record',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: AnexoCreateBodySchema,
        response: {
          201: z.object({ anexo: AnexoViewSchema }),
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request, reply) => {
      const { timeline_item_id, anexo } = request.body;
      const view = await addAnexo(deps(request), actorOf(request), timeline_item_id, anexo);
      return reply.code(201).send({ anexo: view });
    },
  );

  /**
   * `DELETE /api/timeline/item/anexo/:id` (docs/api/timeline.md "Routes"): 200
   * `{anexo: {id}}`; the file is deleted from storage after the row. With the
   * rights of editing the record, not blocked by the trial lock: 404
   * anexoNotFound unless owner or author; 403 painImmutable, notAuthor; 401.
   */
  app.delete(
    '/timeline/item/anexo/:id',
    {
      config: { access: 'owner' },
      onRequest: requireUser,
      schema: {
        summary: 'Removes one attachment of a record',
        tags: ['timeline'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: {
          200: z.object({ anexo: z.object({ id: z.number().int() }) }),
          422: ValidationErrorBodySchema,
          ...forbiddenErrors,
        },
      },
    },
    async (request) => {
      await removeAnexo(deps(request), actorOf(request), request.params.id);
      return { anexo: { id: request.params.id } };
    },
  );

  /**
   * `GET /api/timeline/anexo/:id/:expires/:signature` — the signed URL of
   * `AnexoView.url` (no bearer: an `<img>` cannot send one; the URL is the
   * capability, handed only to the record's owner and author, valid 15
   * minutes; `expires` Unix seconds, `signature` HMAC-SHA256 of the server's
   * `FILES_URL_SECRET`). 200 the bytes with the stored type, `content-
   * disposition: inline` with a safe name, `nosniff`, `cache-control:
   * private, max-age` ≤ the time left, and a CSP that runs nothing
   * (`default-src 'none'`). 403 expired or bad signature; 404 gone.
   */
  app.get(
    '/timeline/anexo/:id/:expires/:signature',
    {
      config: { access: 'capability' },
      schema: {
        summary: 'An attachment’s bytes through its short-lived signed URL',
        tags: ['timeline'],
        params: z.object({ id: z.string(), expires: z.string(), signature: z.string() }),
        response: { 200: z.custom<Buffer>().meta(binary), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await readSignedAnexo(deps(request), request.params);
      const left = Math.max(0, file.expires - Math.floor(Date.now() / 1000));
      const ext = file.path.slice(file.path.lastIndexOf('.') + 1);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.name, ext))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${left}`)
        .header('content-security-policy', anexoCsp(file.mime))
        .send(file.bytes);
    },
  );
};
