import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Company invitations for corporate accounts (RULINGS.md "Corporate accounts"). */
export const companiesRoutes: FastifyPluginAsyncZod = async () => {};
