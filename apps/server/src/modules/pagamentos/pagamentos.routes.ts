import {
  AtendimentoPurchaseSchema,
  CardViewSchema,
  IdempotencyKeySchema,
  PAGAMENTO_MESSAGES as M,
  PaymentConfigSchema,
  SandboxCardSchema,
  UserViewSchema,
} from '@pulso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { authErrors, ErrorBodySchema, ValidationErrorBodySchema } from '../../http.ts';
import { PaymentError } from '../../platform/payments.ts';
import { createSandboxPaymentMethod } from '../../platform/payments-sandbox.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { buyAtendimento, getAtendimentoPurchase } from './atendimento-purchase.service.ts';

const UserWithValorSchema = UserViewSchema.extend({ atendimento_valor: z.number().int() });
const IdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKeySchema }).passthrough();

/**
 * Payments on the wire (issue 8; docs/payments-and-admin.md
 * "Single consultation"): the sandbox's stand-in for Stripe.js
 * `createPaymentMethod` and the single teleconsultation purchase. Every route
 * needs a signed-in user and reads or charges only the caller; answers are
 * `private, no-store`.
 */
export const pagamentosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /**
   * `GET /api/pagamentos/config` → 200 `{provider, publishable_key}`: how the
   * web's card form creates payment methods — `sandbox` posts the card to
   * `/api/sandbox/payment-methods`; `stripe` loads Stripe Elements with the
   * publishable key (card numbers then never reach Pulso).
   */
  app.get(
    '/pagamentos/config',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Which payment provider the card form talks to',
        tags: ['pagamentos'],
        security: [{ bearer: [] }],
        response: { 200: PaymentConfigSchema, ...authErrors },
      },
    },
    async () => ({ provider: ctx.payments.mode, publishable_key: ctx.payments.publishableKey ?? null }),
  );

  /**
   * `POST /api/sandbox/payment-methods {number, exp_month, exp_year, cvc}` →
   * 200 `{id, card: {brand, last4, exp_month, exp_year}}`, like Stripe's
   * createPaymentMethod (sandbox mode only: 404 otherwise). The number is
   * checked and never stored. 402 `{message}` with Stripe's pt-BR message
   * for a malformed number, a bad or past expiry or a bad CVC.
   */
  app.post(
    '/sandbox/payment-methods',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: "Sandbox card → payment method (Stripe's createPaymentMethod stand-in)",
        tags: ['pagamentos'],
        security: [{ bearer: [] }],
        body: SandboxCardSchema,
        response: {
          200: z.object({ id: z.string(), card: CardViewSchema }),
          402: ErrorBodySchema,
          404: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      if (ctx.payments.mode !== 'sandbox') throw new HttpError(404, M.sandboxOnly);
      try {
        return await createSandboxPaymentMethod(ctx.database.db, request.body);
      } catch (error) {
        if (error instanceof PaymentError) throw new HttpError(402, error.message);
        throw error;
      }
    },
  );

  /**
   * `GET /api/telemedicina/purchase/atendimento` (docs/payments-and-admin.md
   * "Single consultation") → 200 `{user}`, the caller's view with
   * `atendimento_valor` (centavos).
   */
  app.get(
    '/telemedicina/purchase/atendimento',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'The single teleconsultation price and the caller',
        tags: ['pagamentos'],
        security: [{ bearer: [] }],
        response: { 200: z.object({ user: UserWithValorSchema }), ...authErrors },
      },
    },
    async (request) => ({ user: await getAtendimentoPurchase(ctx, actorOf(request)) }),
  );

  /**
   * `PUT /api/telemedicina/purchase/atendimento {payment_method}` with an
   * optional `Idempotency-Key` header (without one, the payment method is
   * the key: one payment method buys once) → 200 `{message: 'Pagamento
   * realizado com sucesso!', user}` with `hasCredit` true. The price is the
   * server's; a price in the body is ignored. 402 with the provider's
   * message when refused; 409 while the same key is in flight; 422
   * `errors.payment_method`.
   */
  app.put(
    '/telemedicina/purchase/atendimento',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      schema: {
        summary: 'Buy one teleconsultation (one credit)',
        tags: ['pagamentos'],
        security: [{ bearer: [] }],
        headers: IdempotencyHeaders,
        body: AtendimentoPurchaseSchema,
        response: {
          200: z.object({ message: z.string(), user: UserWithValorSchema }),
          402: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ValidationErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const paymentMethodId = request.body.payment_method;
      const idempotencyKey = request.headers['idempotency-key'] ?? `pm:${paymentMethodId}`;
      return buyAtendimento({ ctx, log: request.log }, actorOf(request), { paymentMethodId, idempotencyKey });
    },
  );
};
