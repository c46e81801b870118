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
