import { cleanTextDeep, HTTP_MESSAGES, InputTooDeepError } from '@pulso/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * preValidation hook of every route (registered once in `app.ts`, after
 * multipart has put the form's fields in `request.body`): the text rule of
 * `packages/domain` (`cleanTextDeep`: control characters stripped, NUL
 * always) over every string of the JSON or multipart body, the query string
 * and the path parameters, before any schema sees them — no route can forget
 * it (`docs/validation-and-errors.md` "Text"). Files and raw bodies (a
 * webhook's Buffer) are left alone. 400 {@link HTTP_MESSAGES.tooDeep} for
 * input nested deeper than `MAX_INPUT_DEPTH`.
 */
export async function cleanRequestText(request: FastifyRequest): Promise<void> {
  try {
    request.body = cleanTextDeep(request.body);
    cleanTextDeep(request.query);
    cleanTextDeep(request.params);
  } catch (error) {
    if (error instanceof InputTooDeepError) throw new HttpError(400, HTTP_MESSAGES.tooDeep);
    throw error;
  }
}
