import { idParam, LOTE_MESSAGES, LoteCreateSchema, loteFileName } from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParams, ValidationErrorBodySchema } from '../../http.ts';
import { createLote, getLote, listLotes, loteCodigos, lotePdf } from '../qrcode/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });

const LoteSchema = z.object({
  id: z.number(),
  quantidade: z.number(),
  usados: z.number(),
  criado_por: z.string().nullable(),
  created_at: z.string(),
});

/**
 * Sticker batches (issue 9 "Sticker batches"), admins only (capability
 * `lotes`: 401 guest; 403 'Esta conta não é da equipe do Pulso.' for a
 * patient or doctor; 403 'Seu perfil de suporte não permite esta ação.' for
 * support). A batch is `{id, quantidade, usados (codes claimed by a
 * registration), criado_por (e-mail or null), created_at (ISO 8601)}`.
 */
export const lotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { publicOrigin } = app.ctx.config;

  /**
   * `POST /api/admin/lotes` `{quantidade}` (1–1000) → 201 `{message, lote}`:
   * draws that many random unclaimed codes (unique across users and
   * stickers), audited `lote.criar`. 422 `errors.quantidade`.
   */
  app.post(
    '/admin/lotes',
    {
      config: { access: 'staff:lotes' },
      onRequest: requireStaff('lotes'),
      schema: {
        ...route('Create a batch of unclaimed sticker codes'),
        body: LoteCreateSchema,
        response: {
          201: z.object({ message: z.string(), lote: LoteSchema }),
          ...errors,
          422: ValidationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const lote = await createLote(db, staffActor(request), request.body.quantidade);
      request.log.info({ loteId: lote.id, quantidade: lote.quantidade }, 'sticker batch created');
      return reply.code(201).send({ message: LOTE_MESSAGES.criado, lote });
    },
  );

  /** `GET /api/admin/lotes?before` → `{lotes, next}`: 50 a page, newest first; `next` the `before` of the next page or `null`. */
  app.get(
    '/admin/lotes',
    {
      config: { access: 'staff:lotes' },
      onRequest: requireStaff('lotes'),
      schema: {
        ...route('The sticker batches with their claimed counts'),
        querystring: z.object({ before: idParam().optional() }),
        response: { 200: z.object({ lotes: z.array(LoteSchema), next: z.number().nullable() }), ...errors },
      },
    },
    async (request) => listLotes(db, { before: request.query.before, limit: 50 }),
  );

  /** `GET /api/admin/lotes/:id` → `{lote, codigos: [{code, usado}]}` (codes in order). 404 'Lote não encontrado.'. */
  app.get(
    '/admin/lotes/:id',
    {
      config: { access: 'staff:lotes' },
      onRequest: requireStaff('lotes'),
      schema: {
        ...route('One batch and its codes'),
        params: IdParams,
        response: {
          200: z.object({
            lote: LoteSchema,
            codigos: z.array(z.object({ code: z.string(), usado: z.boolean() })),
          }),
          ...errors,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      lote: await getLote(db, request.params.id),
      codigos: await loteCodigos(db, request.params.id),
    }),
  );

  /**
   * `GET /api/admin/lotes/:id/pdf` → `application/pdf` attachment
   * `pulso-lote-{id}.pdf`: A4 sheets of 40×30 mm stickers, each a QR of
   * `{PUBLIC_ORIGIN}/code/{code}` with the code `### AA ###` under it and
   * crop marks. 404 'Lote não encontrado.'.
   */
  app.get(
    '/admin/lotes/:id/pdf',
    {
      config: { access: 'staff:lotes' },
      onRequest: requireStaff('lotes'),
      schema: {
        ...route("A batch's print-ready sticker sheet (PDF)"),
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
      const pdf = await lotePdf(db, publicOrigin, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${loteFileName(request.params.id)}"`)
        .send(pdf);
    },
  );
};
