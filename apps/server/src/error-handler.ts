import {
  FILE_TOO_LARGE_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  HTTP_MESSAGES,
  issuesToFieldErrors,
  SERVICE_UNAVAILABLE_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
  VALIDATION_MESSAGE,
} from '@pulso/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable.ts';
import { HttpError } from './errors.ts';

/**
 * Fastify's and @fastify/multipart's own client errors (the body, the
 * content type, the address, the form's limits), found before any schema
 * runs: their status and pt-BR message (`docs/validation-and-errors.md`
 * "Statuses"). Fastify's English texts never reach the user.
 */
const HTTP_LAYER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: HTTP_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: HTTP_MESSAGES.malformedBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: HTTP_MESSAGES.malformedBody },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: HTTP_MESSAGES.malformedBody },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: HTTP_MESSAGES.unsupportedMediaType },
  FST_ERR_BAD_URL: { status: 400, message: HTTP_MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: HTTP_MESSAGES.urlTooLong },
  FST_PROTO_VIOLATION: { status: 400, message: HTTP_MESSAGES.malformedBody },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: HTTP_MESSAGES.malformedBody },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: HTTP_MESSAGES.malformedBody },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: HTTP_MESSAGES.unsupportedMediaType },
  FST_PARTS_LIMIT: { status: 413, message: HTTP_MESSAGES.formTooLarge },
  FST_FIELDS_LIMIT: { status: 413, message: HTTP_MESSAGES.formTooLarge },
  FST_FILES_LIMIT: { status: 413, message: HTTP_MESSAGES.formTooLarge },
};

/** busboy's own parse errors (no boundary, a cut or malformed part) carry no code: told by the module that threw. */
function isMultipartParseError(error: Error, request: FastifyRequest): boolean {
  return (
    Boolean(request.headers['content-type']?.startsWith('multipart/')) &&
    /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '')
  );
}

/**
 * The one error handler (docs/architecture.md "Contracts"): validation → 422
 * `{message, errors}` with the domain's pt-BR messages; known errors keep
 * their status; the HTTP layer's errors get theirs ({@link HTTP_LAYER_ERRORS}:
 * a JSON body over 1 MB is 413, a file over its cap stays 422 under
 * `arquivo`); anything else is logged with the request id and answered 500
 * with a generic message that never carries health data.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = issuesToFieldErrors(
      error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? VALIDATION_MESSAGE,
      })),
    );
    const first = Object.values(errors)[0]?.[0] ?? VALIDATION_MESSAGE;
    return reply.code(422).send({ message: first, errors });
  }
  if (error instanceof HttpError) {
    const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    return reply.code(error.statusCode).send(body);
  }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply
      .code(422)
      .send({ message: FILE_TOO_LARGE_MESSAGE, errors: { arquivo: [FILE_TOO_LARGE_MESSAGE] } });
  }
  const known = HTTP_LAYER_ERRORS[error.code];
  if (known || isMultipartParseError(error, request)) {
    request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
    const { status, message } = known ?? { status: 400, message: HTTP_MESSAGES.malformedBody };
    return reply.code(status).send({ message });
  }
  if (error.statusCode === 429) return reply.code(429).send({ message: TOO_MANY_REQUESTS_MESSAGE });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
    return reply.code(error.statusCode).send({ message: HTTP_MESSAGES.clientError });
  }
  // Database outage (docs/operations-and-faults.md): 503 + Retry-After, never a 500.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: safeError(error) }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ message: SERVICE_UNAVAILABLE_MESSAGE });
  }
  request.log.error({ err: safeError(error) }, 'unhandled error');
  return reply.code(500).send({ message: GENERIC_ERROR_MESSAGE });
}

/** An error fit for the logs: failed-query parameters (which may hold health data) are cut off. */
export function safeError(error: Error & { code?: string; cause?: unknown }) {
  const cut = (text: string | undefined) => text?.replace(/params:[\s\S]*/i, 'params: [redacted]');
  const cause =
    error.cause instanceof Error ? { name: error.cause.name, message: cut(error.cause.message) } : undefined;
  return { type: error.name, code: error.code, message: cut(error.message), stack: cut(error.stack), cause };
}
