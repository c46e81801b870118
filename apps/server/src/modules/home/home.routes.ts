import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Emergency data of the signed-in patient (spec 1 §7 `/home/*`). */
export const homeRoutes: FastifyPluginAsyncZod = async () => {};
