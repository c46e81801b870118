import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** E-mail verification and password reset (spec 1 §7; issue 3). */
export const accountRoutes: FastifyPluginAsyncZod = async () => {};
