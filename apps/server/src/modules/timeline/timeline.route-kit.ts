import type { MultipartFile } from '@fastify/multipart';
import { MAX_PDF_BYTES, PDF_TOO_LARGE_MESSAGE, TimelineItemViewSchema } from '@pulso/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorHandler } from '../../error-handler.ts';
import { authErrors, ErrorBodySchema } from '../../http.ts';
import { readAnexoPart } from './timeline.anexos.ts';
import type { TimelineDeps } from './timeline.service.ts';

/**
 * What the timeline's route groups share (registered by `timelineRoutes` in
 * `timeline.routes.ts`): the services' dependencies of a request, the trial
 * lock check, and the schemas and multipart handling of several routes.
 */

/** The options `timelineRoutes` hands each route group. */
export interface TimelineRouteKit {
  /** The services' dependencies, logging to `request.log`. */
  deps: (request: FastifyRequest) => TimelineDeps;
  /** onRequest: a locked caller's writes are refused before their body is read (403 locked). */
  requireUnlocked: (request: FastifyRequest) => Promise<void>;
}

/** `:offset` of a paged list: records already loaded. */
export const Offset = z.coerce.number().int().min(0).max(1_000_000);

export const SavedItemAnswer = z.object({ message: z.string(), timelineItem: TimelineItemViewSchema });
export const DeletedItemAnswer = z.object({
  message: z.string(),
  timelineItem: z.object({ id: z.number().int() }),
});
export const forbiddenErrors = { 403: ErrorBodySchema, 404: ErrorBodySchema, ...authErrors } as const;

/** A file in the OpenAPI document. */
export const binary = { type: 'string', format: 'binary' } as const;

/** A multipart body's fields as an object (anything else: none). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * Error handler of the upload routes: the busboy limits (more files than
 * allowed → `tooMany`, a file past the 10 MB backstop) become 422 under the
 * files' field; everything else goes to the app's handler.
 */
export function uploadErrors(field: string, tooMany: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_FILES_LIMIT') {
      const message = tooMany;
      return reply.code(422).send({ message, errors: { [field]: [message] } });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .code(422)
        .send({ message: PDF_TOO_LARGE_MESSAGE, errors: { [field]: [PDF_TOO_LARGE_MESSAGE] } });
    }
    return errorHandler(error, request, reply);
  };
}

/** Multipart limits of an upload route: `files` files, each read by `readAnexoPart`. */
export function uploadConfig(files: number) {
  return {
    // Busboy's own cap is a backstop one byte past the largest kind; readAnexoPart caps by kind.
    multipartOptions: { limits: { files, fileSize: MAX_PDF_BYTES + 1 } },
    multipartFile: (part: MultipartFile) => readAnexoPart(part),
  };
}
