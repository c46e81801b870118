import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Push devices of the signed-in user (spec 1 §7 `POST /device`, spec 2 §7 devices). */
export const devicesRoutes: FastifyPluginAsyncZod = async () => {};
