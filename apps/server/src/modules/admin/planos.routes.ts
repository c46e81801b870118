import {
  AtendimentoValorSchema,
  CupomAdminSchema,
  CupomAdminViewSchema,
  idParam,
  PlanoAdminSchema,
  PlanoAdminViewSchema,
  PRECOS_MESSAGES,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { getAtendimentoValor } from '../pagamentos/index.ts';
import {
  createCupom,
  createPlano,
  editCupom,
  editPlano,
  listCupons,
  listPlanosAdmin,
  setAtendimentoValor,
} from '../planos/index.ts';
import { requireStaff, staffActor } from './admin.access.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
const route = (summary: string) => ({ summary, tags: ['admin'] });
const IdParams = z.object({ id: idParam() });
const PlanoAnswer = z.object({ message: z.string(), plano: PlanoAdminViewSchema });
const CupomAnswer = z.object({ message: z.string(), cupom: CupomAdminViewSchema });

/**
 * Plans, coupons and the single-consultation price (issue 9 "Content"),
 * admin only (`conteudo`): 401 guest; 403 'Esta conta não é da equipe do
 * Pulso.' for patients and doctors; 403 'Seu perfil de suporte não permite
 * esta ação.' for support. Amounts are centavos (integers). Every change is
 * audited (entidade 'conteudo', acao `plano.*`, `cupom.*`, `atendimento_valor.editar`).
 */
export const planosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const onRequest = requireStaff('conteudo');

  /**
   * `GET /api/admin/planos` → `{planos: [{id, nome, preco, periodo, tipo,
   * descricao, stripe_plan, ativo, assinaturas_ativas}]}`, on sale first.
   */
  app.get(
    '/admin/planos',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Every plan, on sale or not'),
        response: { 200: z.object({ planos: z.array(PlanoAdminViewSchema) }), ...errors },
      },
    },
    async () => ({ planos: await listPlanosAdmin(db) }),
  );

  /**
   * `POST /api/admin/planos` `{nome, preco (centavos ≥ 50), periodo M|A,
   * tipo 1|2, descricao?, stripe_plan, ativo?}` → 201 `{message, plano}`.
   * 422 field errors; `stripe_plan` already used by another plan.
   */
  app.post(
    '/admin/planos',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Creates a plan'),
        body: PlanoAdminSchema,
        response: { 201: PlanoAnswer, 422: ValidationErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const plano = await createPlano(db, staffActor(request), request.body);
      return reply.code(201).send({ message: PRECOS_MESSAGES.planoCriado, plano });
    },
  );

  /**
   * `PUT /api/admin/planos/:id` (the whole plan, as POST) → `{message,
   * plano}`. A new price applies from now on (paid periods keep theirs);
   * `ativo: false` takes the plan off `GET /api/planos`. 404; 422 field
   * errors, `periodo` of a plan with subscriptions in their period.
   */
  app.put(
    '/admin/planos/:id',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Edits a plan'),
        params: IdParams,
        body: PlanoAdminSchema,
        response: { 200: PlanoAnswer, 404: ErrorBodySchema, 422: ValidationErrorBodySchema, ...errors },
      },
    },
    async (request) => ({
      message: PRECOS_MESSAGES.planoSalvo,
      plano: await editPlano(db, staffActor(request), request.params.id, request.body),
    }),
  );

  /**
   * `GET /api/admin/cupons` → `{cupons: [{id, nome, desconto (percent),
   * valido_ate (YYYY-MM-DD, last valid day in São Paulo) | null, limite_usos
   * | null, usos, ativo, situacao: ativo|inativo|expirado|esgotado}]}`, newest first.
   */
  app.get(
    '/admin/cupons',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Every coupon with its uses'),
        response: { 200: z.object({ cupons: z.array(CupomAdminViewSchema) }), ...errors },
      },
    },
    async () => ({ cupons: await listCupons(db) }),
  );

  /**
   * `POST /api/admin/cupons` `{nome (normalised upper case), desconto 1–100,
   * valido_ate YYYY-MM-DD | null, limite_usos | null, ativo?}` → 201
   * `{message, cupom}`. 422 field errors; `nome` already used.
   */
  app.post(
    '/admin/cupons',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Creates a coupon'),
        body: CupomAdminSchema,
        response: { 201: CupomAnswer, 422: ValidationErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const cupom = await createCupom(db, staffActor(request), request.body);
      return reply.code(201).send({ message: PRECOS_MESSAGES.cupomCriado, cupom });
    },
  );

  /**
   * `PUT /api/admin/cupons/:id` (the whole coupon, as POST; `usos` kept) →
   * `{message, cupom}`; the checkout reads the new values at once. 404; 422.
   */
  app.put(
    '/admin/cupons/:id',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Edits a coupon'),
        params: IdParams,
        body: CupomAdminSchema,
        response: { 200: CupomAnswer, 404: ErrorBodySchema, 422: ValidationErrorBodySchema, ...errors },
      },
    },
    async (request) => ({
      message: PRECOS_MESSAGES.cupomSalvo,
      cupom: await editCupom(db, staffActor(request), request.params.id, request.body),
    }),
  );

  /** `GET /api/admin/atendimento-valor` → `{atendimento_valor}` (centavos; the seeded default until set). */
  app.get(
    '/admin/atendimento-valor',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('The single-consultation price'),
        response: { 200: z.object({ atendimento_valor: z.number().int() }), ...errors },
      },
    },
    async () => ({ atendimento_valor: await getAtendimentoValor(db) }),
  );

  /**
   * `PUT /api/admin/atendimento-valor` `{atendimento_valor}` (centavos, 50 to
   * 1,000,000) → `{message, atendimento_valor}`: the price of single
   * consultations bought from now on (`/api/telemedicina/purchase/atendimento`). 422.
   */
  app.put(
    '/admin/atendimento-valor',
    {
      config: { access: 'staff:conteudo' },
      onRequest,
      schema: {
        ...route('Sets the single-consultation price'),
        body: AtendimentoValorSchema,
        response: {
          200: z.object({ message: z.string(), atendimento_valor: z.number().int() }),
          422: ValidationErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      message: PRECOS_MESSAGES.atendimentoValorSalvo,
      atendimento_valor: await setAtendimentoValor(db, staffActor(request), request.body.atendimento_valor),
    }),
  );
};
