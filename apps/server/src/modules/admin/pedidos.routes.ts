import {
  ADMIN_PEDIDO_MESSAGES,
  idParam,
  MarcarEnviadoSchema,
  PEDIDO_STATUS_FILTROS,
  pedidoFileName,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParams, ValidationErrorBodySchema } from '../../http.ts';
import { getPedido, listPedidos, markEnviado, pedidoPdf } from '../qrcode/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });

const PedidoItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  status: z.string(),
  code: z.string(),
  nome: z.string(),
  cidade: z.string(),
  valor: z.number(),
});
const PedidoSchema = PedidoItemSchema.extend({
  comprador: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  endereco: z.string(),
  bairro: z.string(),
  cep: z.string(),
  complemento: z.string().nullable(),
  coupon: z.object({ nome: z.string(), desconto: z.number() }).nullable(),
  plano_anual: z.boolean(),
  rastreio: z.string().nullable(),
  enviado_em: z.string().nullable(),
});

/**
 * Sticker orders (issue 9 "Orders"), for admin and support (capability
 * `pedidos`: 401 guest; 403 'Esta conta não é da equipe do Pulso.' for a
 * patient or doctor). `valor` is centavos; instants ISO 8601; `status`
 * A Aguardando / E Enviado; `cep` `#####-###`.
 */
export const pedidosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;

  /**
   * `GET /api/admin/pedidos?status=A|E&before` → `{pedidos: [{id,
   * created_at, status, code, nome, cidade, valor}], next}`: 50 a page,
   * newest first; `next` the `before` of the next page or `null`.
   */
  app.get(
    '/admin/pedidos',
    {
      config: { access: 'staff:pedidos' },
      onRequest: requireStaff('pedidos'),
      schema: {
        ...route('Sticker orders, filtered by status'),
        querystring: z.object({
          status: z.enum(PEDIDO_STATUS_FILTROS).optional(),
          before: idParam().optional(),
        }),
        response: {
          200: z.object({ pedidos: z.array(PedidoItemSchema), next: z.number().nullable() }),
          ...errors,
          422: ValidationErrorBodySchema,
        },
      },
    },
    async (request) => listPedidos(db, { ...request.query, limit: 50 }),
  );

  /**
   * `GET /api/admin/pedidos/:id` → `{pedido}`: the list fields, `comprador
   * {id, name, email}`, `endereco`, `bairro`, `cep`, `complemento`,
   * `coupon {nome, desconto %}` or null, `plano_anual`, `rastreio`,
   * `enviado_em`. 404 'Pedido não encontrado.'.
   */
  app.get(
    '/admin/pedidos/:id',
    {
      config: { access: 'staff:pedidos' },
      onRequest: requireStaff('pedidos'),
      schema: {
        ...route('One sticker order with buyer and address'),
        params: IdParams,
        response: { 200: z.object({ pedido: PedidoSchema }), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ pedido: await getPedido(db, request.params.id) }),
  );

  /**
   * `POST /api/admin/pedidos/:id/enviar` `{rastreio?}` (a Correios code,
   * optional) → `{message: 'Pedido marcado como enviado.', pedido}`: status
   * E, `enviado_em`; the patient gets an e-mail and a push; audited
   * `pedido.enviar`. 404; 409 'Este pedido já foi marcado como enviado.';
   * 422 `errors.rastreio`.
   */
  app.post(
    '/admin/pedidos/:id/enviar',
    {
      config: { access: 'staff:pedidos' },
      onRequest: requireStaff('pedidos'),
      schema: {
        ...route('Mark a sticker order as sent'),
        params: IdParams,
        body: MarcarEnviadoSchema,
        response: {
          200: z.object({ message: z.string(), pedido: PedidoSchema }),
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
        },
      },
    },
    async (request) => ({
      message: ADMIN_PEDIDO_MESSAGES.enviado,
      pedido: await markEnviado(
        { ctx, log: request.log },
        staffActor(request),
        request.params.id,
        request.body.rastreio,
      ),
    }),
  );

  /**
   * `GET /api/admin/pedidos/:id/pdf` → `application/pdf` attachment
   * `pulso-pedido-{id}.pdf`: the order's 4 stickers of its code (2 of
   * 40×30 mm, 2 of 30×20 mm) with crop marks. 404.
   */
  app.get(
    '/admin/pedidos/:id/pdf',
    {
      config: { access: 'staff:pedidos' },
      onRequest: requireStaff('pedidos'),
      schema: {
        ...route("An order's sticker sheet (PDF)"),
        params: IdParams,
        response: {
          200: {
            description: 'PDF document',
            content: {
              'application/pdf': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
            },
          },
          ...errors,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const pdf = await pedidoPdf(db, ctx.config.publicOrigin, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pedidoFileName(request.params.id)}"`)
        .send(pdf);
    },
  );
};
