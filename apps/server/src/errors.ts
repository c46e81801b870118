import type { FieldErrors } from '@pulso/domain';

/**
 * A failure with an HTTP status and a pt-BR message safe to show the user.
 * With `errors`, it is answered as a 422-style `{message, errors}`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 422 with a single field error; `message` is that error (the snackbar shows it). */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

/** 404 with a pt-BR message. */
export function notFound(message = 'Não encontrado'): HttpError {
  return new HttpError(404, message);
}

/** 403 with a pt-BR message. */
export function forbidden(message = 'Você não tem permissão para esta ação.'): HttpError {
  return new HttpError(403, message);
}
