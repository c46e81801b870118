import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Municipality search (spec 1 §7 `GET /cidades/search/:text`). */
export const cidadesRoutes: FastifyPluginAsyncZod = async () => {};
