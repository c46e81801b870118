import {
  CardViewSchema,
  ChangeCardSchema,
  IdempotencyKeySchema,
  INT4_MAX,
  PLANO_MESSAGES as M,
  PlanosAnswerSchema,
  PlanoViewSchema,
  SubscribeSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, ErrorBodySchema, IdParams, ValidationErrorBodySchema } from '../../http.ts';
import { actorOf, requireUser } from '../auth/index.ts';

import { changePlan, previewPlanChange } from './planos.change.ts';
import { getPlanos } from './planos.read.ts';
import { cancelSubscription, cardIntent, changeCard, renewSubscription } from './planos.service.ts';
import { subscribe } from './planos.subscribe.ts';

const PlanoParams = z.object({ plano: z.coerce.number().int().positive().max(INT4_MAX) });
const IdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKeySchema }).passthrough();
const IntentSchema = z.object({ client_secret: z.string() });
const PlanosMessageSchema = PlanosAnswerSchema.extend({ message: z.string() });
const errors = {
  402: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ValidationErrorBodySchema,
  ...authErrors,
};

/**
 * Plans (docs/payments-and-admin.md "Plans"; issue 8; `docs/api/pagamentos.md`).
 * Every route needs a signed-in user and touches only the caller's
 * subscription and card; answers are `private, no-store`. Prices are the
 * server's.
 */
export const planosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const deps = (log: typeof app.log) => ({ ctx, log });
  const route = (summary: string) => ({ summary, tags: ['planos'], security: [{ bearer: [] }] });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /** `GET /api/planos` → `{subscription, plano, paymentMethod, planos}` (centavos; ISO instants). */
  app.get(
    '/planos',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...route('Current plan, saved card and plans on sale'),
        response: { 200: PlanosAnswerSchema, ...authErrors },
      },
    },
    async (request) => getPlanos(deps(request.log), actorOf(request).userId),
  );

  /** `GET /api/planos/pagamento` → `{intent: {client_secret}}` to change the card. */
  app.get(
    '/planos/pagamento',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...route('SetupIntent to change the card'),
        response: { 200: z.object({ intent: IntentSchema }), ...errors },
      },
    },
    async (request) => cardIntent(deps(request.log), actorOf(request).userId, null),
  );

  /** `GET /api/planos/pagamento/{plano}` → `{plano, intent}`; 404 for a plan not on sale. */
  app.get(
    '/planos/pagamento/:plano',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...route('The plan to subscribe and a SetupIntent'),
        params: PlanoParams,
        response: { 200: z.object({ plano: PlanoViewSchema, intent: IntentSchema }), ...errors },
      },
    },
    async (request) => {
      const answer = await cardIntent(deps(request.log), actorOf(request).userId, request.params.plano);
      return { plano: answer.plano as z.output<typeof PlanoViewSchema>, intent: answer.intent };
    },
  );

  /**
   * `PUT /api/planos/subscribe {stripe_plan, payment_method}` (header
   * `Idempotency-Key` optional; without it the payment method is the key) →
   * 200 `{message: 'Pagamento realizado com sucesso!', …GET /api/planos}`;
   * 402 provider's message; 404; 409 already subscribed / in flight.
   */
  app.put(
    '/planos/subscribe',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...route('Subscribe to a plan'),
        headers: IdempotencyHeaders,
        body: SubscribeSchema,
        response: { 200: PlanosMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { stripe_plan, payment_method } = request.body;
      const answer = await subscribe(deps(request.log), actorOf(request).userId, {
        stripePlan: stripe_plan,
        paymentMethodId: payment_method,
        idempotencyKey: request.headers['idempotency-key'] ?? `pm:${payment_method}`,
      });
      return { message: M.paid, ...answer };
    },
  );

  /** `PUT /api/planos/cancelar` → 200 `{message, …}` with `subscription.ends_at` = the period end; 409. */
  app.put(
    '/planos/cancelar',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: { ...route('Cancel at the period end'), response: { 200: PlanosMessageSchema, ...errors } },
    },
    async (request) => ({
      message: M.cancelado,
      ...(await cancelSubscription(deps(request.log), actorOf(request).userId)),
    }),
  );

  /** `PUT /api/planos/renovar` → 200 `{message, …}` with `ends_at` null; 409. */
  app.put(
    '/planos/renovar',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: { ...route('Undo a cancellation'), response: { 200: PlanosMessageSchema, ...errors } },
    },
    async (request) => ({
      message: M.renovado,
      ...(await renewSubscription(deps(request.log), actorOf(request).userId)),
    }),
  );

  /**
   * `GET /api/planos/alterar/{id}` → `{plano, prorrateio: {credito, cobranca,
   * saldo, saldo_usado}}` (centavos): what the change costs now, shown before confirming.
   */
  app.get(
    '/planos/alterar/:id',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...route('What a plan change costs now'),
        params: IdParams,
        response: {
          200: z.object({
            plano: PlanoViewSchema,
            prorrateio: z.object({
              credito: z.number().int(),
              cobranca: z.number().int(),
              saldo: z.number().int(),
              saldo_usado: z.number().int(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => previewPlanChange(deps(request.log), actorOf(request).userId, request.params.id),
  );

  /** `PUT /api/planos/alterar/{id}` → 200 `{message: 'Plano alterado com sucesso!', …}`; 402; 404; 409. */
  app.put(
    '/planos/alterar/:id',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...route('Change plan'),
        params: IdParams,
        headers: IdempotencyHeaders,
        response: { 200: PlanosMessageSchema, ...errors },
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'] ?? 'sem-chave';
      const answer = await changePlan(deps(request.log), actorOf(request).userId, request.params.id, key);
      return { message: M.alterado, ...answer };
    },
  );

  /** `PUT /api/planos/pagamento {payment_method}` → 200 `{message, paymentMethod}`; 402. */
  app.put(
    '/planos/pagamento',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        ...route('Change the saved card'),
        body: ChangeCardSchema,
        response: { 200: z.object({ message: z.string(), paymentMethod: CardViewSchema }), ...errors },
      },
    },
    async (request) => ({
      message: M.cartaoAlterado,
      paymentMethod: await changeCard(
        deps(request.log),
        actorOf(request).userId,
        request.body.payment_method,
      ),
    }),
  );
};
