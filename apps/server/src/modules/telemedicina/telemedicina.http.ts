import { z } from 'zod';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { INT4_MAX } from './telemedicina.access.ts';

/** What the telemedicine and chat routes share: the id parameter, the 404/422 answers, the OpenAPI tags. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
export const errors404 = { 404: ErrorBodySchema, 422: ValidationErrorBodySchema, ...authErrors } as const;
export const telemedicinaMeta = { tags: ['telemedicina'], security: [{ bearer: [] }] };

/** JSON answers of both route files carry `cache-control: private, no-store` (health data). */
export const privateAnswers = async (
  _request: unknown,
  reply: { hasHeader(name: string): boolean; header(name: string, value: string): unknown },
) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
};
