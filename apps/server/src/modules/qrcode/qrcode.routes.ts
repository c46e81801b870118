import { CODE_REPLACED_MESSAGES, codeUrl } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema } from '../../http.ts';
import { codeBudget } from '../../platform/rate-limit.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { listOrders } from './pedidos.read.ts';
import { qrPrintPng } from './qr-print.ts';
import { findVirginCode, ownCode, qrFileName, qrSvg } from './qrcode.service.ts';
import { replaceCode } from './replace-code.ts';

const QrCodeAnswer = z.object({
  qrcode: z.object({
    code: z.string().describe('Canonical personal code, e.g. 123AB456'),
    url: z.string().describe('What the QR encodes: {PUBLIC_ORIGIN}/code/{code}'),
    svg: z.string().describe('The QR code as an SVG document'),
  }),
  orders: z
    .array(z.object({ id: z.number().int(), created_at: z.string(), status: z.string() }))
    .describe('Sticker orders, newest first (as GET /api/qrcode/orders)'),
});

/**
 * The patient's QR code and the sticker codes (docs/codes.md "QR content",
 * "My QR code", "Virgin codes"). Every answer carries
 * `cache-control: private, no-store`: a code opens a patient's emergency
 * data, so no shared cache may keep it.
 */
export const qrcodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { config } = app.ctx;
  // The per-IP code budget, shared with the code lookups (docs/resilience.md "The code budget").
  const codeLimit = { rateLimit: codeBudget(config) };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/qrcode/virgins/:code` (public, rate-limited per IP): 200
   * `{virgin: {code}}` with the canonical code when the sticker code is
   * unclaimed, in any spelling; 404 `{message: 'Código não disponível'}` when
   * it is malformed, unknown or claimed; 429 past the limit.
   * docs/codes.md "Virgin codes".
   */
  app.get(
    '/qrcode/virgins/:code',
    {
      config: { access: 'public', ...codeLimit },
      schema: {
        summary: 'Checks that a pre-printed sticker code is still unclaimed',
        tags: ['qrcode'],
        params: z.object({ code: z.string() }),
        response: {
          200: z.object({ virgin: z.object({ code: z.string() }) }),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => ({ virgin: { code: await findVirginCode(db, request.params.code) } }),
  );

  /**
   * `GET /api/qrcode` (signed in): 200 `{qrcode: {code, url, svg}, orders}`
   * for `/qrcode/generate` (docs/codes.md "My QR code"). `url` is
   * `{PUBLIC_ORIGIN}/code/{code}` (docs/codes.md "QR content"); `svg` is the QR
   * code as an SVG string; `orders` the caller's sticker orders
   * `[{id, created_at, status}]`, newest first (an empty list hides the
   * 'Meus pedidos' button). 401 without a live token.
   */
  app.get(
    '/qrcode',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "The signed-in patient's QR code (SVG) and sticker orders",
        tags: ['qrcode'],
        security: [{ bearer: [] }],
        response: { 200: QrCodeAnswer, ...authErrors },
      },
    },
    async (request) => {
      const { userId } = actorOf(request);
      const { code, url } = await ownCode(db, config.publicOrigin, userId);
      return { qrcode: { code, url, svg: await qrSvg(url) }, orders: await listOrders(db, userId) };
    },
  );

  /**
   * `POST /api/qrcode/substituir` (signed in; "Perdi meu adesivo", docs/codes.md "A lost sticker"): the
   * caller gets a new code drawn like any other and keeps every piece of data; the old code answers 410
   * "Este código foi substituído" from then on and is never drawn again; sticker orders not yet sent
   * will carry the new code. 200 `{message, qrcode: {code, url, svg}}` as `GET /api/qrcode`'s; 401
   * without a live token.
   */
  app.post(
    '/qrcode/substituir',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "Replaces the signed-in patient's code after a lost sticker",
        tags: ['qrcode'],
        security: [{ bearer: [] }],
        response: {
          200: z.object({ message: z.string(), qrcode: QrCodeAnswer.shape.qrcode }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const code = await replaceCode(db, actorOf(request).userId);
      const url = codeUrl(config.publicOrigin, code);
      request.log.info({ event: 'code_replaced' }, 'a patient replaced their code');
      return { message: CODE_REPLACED_MESSAGES.done, qrcode: { code, url, svg: await qrSvg(url) } };
    },
  );

  /**
   * `GET /api/qrcode/download` (signed in): the printable QR code as a PNG
   * attachment (`pulso-qrcode-{code}.png`, ≥ 1024 px, error correction H)
   * encoding exactly `{PUBLIC_ORIGIN}/code/{code}`, with the patient's name
   * and the code written under it (qr-print.ts). 401 without a live token.
   */
  app.get(
    '/qrcode/download',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "The signed-in patient's QR code as a print-quality PNG attachment",
        description:
          "Answers image/png: the QR (≥ 1024 px, error correction H, 4-module quiet zone), the patient's name and the code under it.",
        tags: ['qrcode'],
        security: [{ bearer: [] }],
        response: {
          200: {
            description: 'PNG image',
            content: {
              'image/png': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
            },
          },
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const { code, url, name } = await ownCode(db, config.publicOrigin, actorOf(request).userId);
      const png = await qrPrintPng(url, { name, code });
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${qrFileName(code)}"`)
        .send(png);
    },
  );
};
