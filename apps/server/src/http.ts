import { INT4_MAX } from '@pulso/domain';
import { z } from 'zod';

/** `{message}`: every non-validation error answer. */
export const ErrorBodySchema = z.object({ message: z.string() });

/** `422 {message, errors}`: validation failures (docs/architecture.md "Contracts"). */
export const ValidationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

/** `{message}` success answers. */
export const MessageSchema = z.object({ message: z.string() });

/** Response schemas of a route behind `requireUser`: 401 besides its own. */
export const authErrors = { 401: ErrorBodySchema } as const;

/** `:id` of a path: a row id, coerced from the string, 1 to `INT4_MAX` (a bigger id names no row: 422, not a query). */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
