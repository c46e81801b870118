import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public emergency view by personal code (spec 2 §7 `GET /code/{code}`). */
export const codeRoutes: FastifyPluginAsyncZod = async () => {};
