import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';

export const errors404 = { 404: ErrorBodySchema, 422: ValidationErrorBodySchema, ...authErrors } as const;
export const telemedicinaMeta = { tags: ['telemedicina'], security: [{ bearer: [] }] };

/** JSON answers of both route files carry `cache-control: private, no-store` (health data). */
export const privateAnswers = async (
  _request: unknown,
  reply: { hasHeader(name: string): boolean; header(name: string, value: string): unknown },
) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
};
