import { CartaoFactsSchema, CartaoQuerySchema, TelaQuerySchema } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { cardFacts, lockScreenFileName, walletCardFileName } from './cartao.service.ts';
import { lockScreenPng } from './lock-screen.ts';
import { walletCardPdf } from './wallet-card.ts';

const FactsAnswer = z.object({ cartao: CartaoFactsSchema });

const binary = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
});

/**
 * The lock-screen image and the wallet card of /qrcode/generate
 * (docs/emergency-card.md). Every route acts on the caller's own data
 * (access `self`: no code in the URL, so no one can ask for another
 * patient's); answers are `cache-control: private, no-store`.
 */
export const cartaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { config } = app.ctx;
  const common = { config: { access: 'self' as const }, onRequest: requireUser };
  const meta = { tags: ['qrcode'], security: [{ bearer: [] }] };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/qrcode/cartao` → 200 `{cartao: {code, url, name, sangue,
   * alergias, medicamentos, contato, telefone}}`: the facts the files can hold, as
   * printed, for the preview (null: not filled in; the preview ticks the
   * filled ones). 401 without a live token.
   */
  app.get(
    '/qrcode/cartao',
    {
      ...common,
      schema: {
        ...meta,
        summary: 'What the lock-screen image and the wallet card can show, for the preview',
        response: { 200: FactsAnswer, ...authErrors },
      },
    },
    async (request) => ({
      cartao: await cardFacts(db, config.publicOrigin, actorOf(request).userId),
    }),
  );

  /**
   * `GET /api/qrcode/cartao/tela?formato&alergias&medicamentos&contato` →
   * 200 `image/png` attachment (`pulso-tela-de-bloqueio-{code}-{formato}.png`),
   * exactly `formato` pixels (`1170x2532` by default, or `1080x2400`), with
   * the QR, code, name, blood type and the facts whose flag is `true`
   * (absent: left off). 422 for another `formato` or a flag other than
   * `true`/`false`; 401 without a live token.
   */
  app.get(
    '/qrcode/cartao/tela',
    {
      ...common,
      schema: {
        ...meta,
        summary: 'The lock-screen image (PNG) with the QR code and the chosen emergency facts',
        querystring: TelaQuerySchema,
        response: { 200: binary('image/png', 'PNG image'), 422: ValidationErrorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const { formato, ...escolha } = request.query;
      const facts = await cardFacts(db, config.publicOrigin, actorOf(request).userId);
      const png = await lockScreenPng(facts, escolha, formato);
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${lockScreenFileName(facts.code, formato)}"`)
        .send(png);
    },
  );

  /**
   * `GET /api/qrcode/cartao/carteira?alergias&medicamentos&contato` → 200
   * `application/pdf` attachment (`pulso-cartao-{code}.pdf`): two ID-1
   * pages (85.6 × 54 mm), front and back, with the facts whose flag is
   * `true`. 422 for a flag other than `true`/`false`; 401 without a live token.
   */
  app.get(
    '/qrcode/cartao/carteira',
    {
      ...common,
      schema: {
        ...meta,
        summary: 'The wallet card (PDF, ID-1, front and back) with the QR code and the chosen facts',
        querystring: CartaoQuerySchema,
        response: {
          200: binary('application/pdf', 'PDF document'),
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const facts = await cardFacts(db, config.publicOrigin, actorOf(request).userId);
      const pdf = await walletCardPdf(facts, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${walletCardFileName(facts.code)}"`)
        .send(pdf);
    },
  );
};
