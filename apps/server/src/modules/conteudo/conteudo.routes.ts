import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Terms of use and privacy policy kept in the database (spec 1 §7 `GET /termos`, `GET /politica`). */
export const conteudoRoutes: FastifyPluginAsyncZod = async () => {};
