import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The dev outbox at `/dev/mail`, registered only outside production (issue 3). */
export const devmailRoutes: FastifyPluginAsyncZod = async () => {};
