import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Password change and account closing (spec 2 §7 "Settings"). */
export const settingsRoutes: FastifyPluginAsyncZod = async () => {};
