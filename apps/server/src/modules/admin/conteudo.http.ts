import { ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';

/** What the content editor's route files share: the 401/403, 404/422 answers, the OpenAPI meta, the id parameter. */
export const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
export const withBody = { ...errors, 404: ErrorBodySchema, 422: ValidationErrorBodySchema } as const;
export const route = (summary: string) => ({ summary, tags: ['admin'], security: [{ bearer: [] }] });
