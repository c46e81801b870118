import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The patient's QR code and sticker codes (spec 2 §7 "QR code"). */
export const qrcodeRoutes: FastifyPluginAsyncZod = async () => {};
