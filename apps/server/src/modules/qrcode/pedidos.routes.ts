import {
  CidadeSchema,
  EnderecoEntregaSchema,
  IdempotencyKeySchema,
  PaymentMethodIdSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { getPurchase, listOrders } from './pedidos.read.ts';
import { checkCoupon, orderStickers } from './pedidos.service.ts';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `PUT /api/qrcode/purchase` body (the order's payload,
 * docs/payments-and-admin.md "Sticker orders"): the address of step 2, the
 * optional coupon and the card. `valor` and `coupon.desconto` may be sent
 * but are never read: the server prices.
 */
const PurchaseBodySchema = EnderecoEntregaSchema.extend({
  coupon: z.preprocess(blankToUndefined, z.object({ nome: z.string().trim().max(40) }).optional()),
  payment_method: z.preprocess(blankToUndefined, PaymentMethodIdSchema.optional()),
});

const CouponSchema = z.object({
  nome: z.string(),
  desconto: z.number().int().describe('Percent off, 1–100'),
});
const OrderListItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string().describe('ISO 8601 instant'),
  status: z.string().describe('A Aguardando, E Enviado'),
});
const OrderSchema = OrderListItemSchema.extend({
  code: z.string(),
  endereco: z.string(),
  bairro: z.string(),
  cidade: CidadeSchema,
  cep: z.string().describe('8 digits'),
  complemento: z.string().nullable(),
  valor: z.number().int().describe('Centavos paid; 0 for a free order'),
  coupon: CouponSchema.nullable(),
});

/**
 * QR sticker orders (docs/payments-and-admin.md "Sticker orders"; issue 8 "QR
 * sticker orders"). Every route needs a signed-in user and reads or orders for
 * the caller only; answers are `private, no-store`. docs/api/pagamentos.md "QR
 * sticker orders".
 */
export const pedidosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/qrcode/purchase` → 200 `{geral: {endereco, bairro, complemento,
   * cidade: {id, descricao} | null}, valor}`: the address to prefill (the
   * emergency data's `endereco`, `bairro` and `cidade`, and the apartment,
   * `complemento`, which the order form also has: docs/payments-and-admin.md
   * "Delivery address") and the price in centavos (1990, or 0 while an annual
   * subscriber's free set is unused).
   */
  app.get(
    '/qrcode/purchase',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'The address to prefill and the sticker set price',
        tags: ['qrcode'],
        security: [{ bearer: [] }],
        response: {
          200: z.object({
            geral: z.object({
              endereco: z.string().nullable(),
              bairro: z.string().nullable(),
              complemento: z.string().nullable(),
              cidade: CidadeSchema.nullable(),
            }),
            valor: z.number().int(),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => getPurchase({ ctx, log: request.log }, actorOf(request).userId),
  );

  /**
   * `GET /api/qrcode/coupon/{coupon}` → 200 `{coupon: {nome, desconto}}`;
   * 404 'Cupom inválido.' (unknown or inactive); 422 `errors.coupon` expired
   * or used up. Checking does not use the coupon: the order claims it.
   */
  app.get(
    '/qrcode/coupon/:coupon',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Checks a coupon for the sticker order',
        tags: ['qrcode'],
        security: [{ bearer: [] }],
        params: z.object({ coupon: z.string().max(100) }),
        response: {
          200: z.object({ coupon: CouponSchema }),
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({ coupon: await checkCoupon({ ctx, log: request.log }, request.params.coupon) }),
  );

  /**
   * `PUT /api/qrcode/purchase {endereco, bairro, cidade, cep, complemento?,
   * coupon?: {nome}, payment_method?}` with an optional `Idempotency-Key`
   * header → 201 `{message: 'Pedido realizado com sucesso!', order}` for a
   * new order, 200 with the same order when the key had already ordered.
   * 402 provider's message; 404 'Cupom inválido.'; 409 in flight; 422
   * `errors` of the address, `coupon`, `payment_method`.
   */
  app.put(
    '/qrcode/purchase',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Orders one set of QR stickers',
        tags: ['qrcode'],
        security: [{ bearer: [] }],
        headers: z.object({ 'idempotency-key': IdempotencyKeySchema }).passthrough(),
        body: PurchaseBodySchema,
        response: {
          200: z.object({ message: z.string(), order: OrderSchema }),
          201: z.object({ message: z.string(), order: OrderSchema }),
          402: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const { created, ...answer } = await orderStickers({ ctx, log: request.log }, actorOf(request).userId, {
        endereco: body.endereco,
        bairro: body.bairro,
        cidade: body.cidade,
        cep: body.cep,
        complemento: body.complemento,
        coupon: body.coupon?.nome || null,
        paymentMethodId: body.payment_method ?? null,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      });
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  /** `GET /api/qrcode/orders` → 200 `{orders: [{id, created_at, status}]}`, the caller's, newest first. */
  app.get(
    '/qrcode/orders',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "The caller's sticker orders, newest first",
        tags: ['qrcode'],
        security: [{ bearer: [] }],
        response: { 200: z.object({ orders: z.array(OrderListItemSchema) }), ...authErrors },
      },
    },
    async (request) => ({ orders: await listOrders(ctx.database.db, actorOf(request).userId) }),
  );
};
