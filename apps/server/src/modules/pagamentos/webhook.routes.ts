import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { ErrorBodySchema } from '../../http.ts';
import type { BillingEvents } from './billing-handler.ts';
import { handleStripeEvent } from './webhook.service.ts';

/** 400 answer of a webhook whose `stripe-signature` does not match its body. */
export const WEBHOOK_BAD_SIGNATURE = 'Assinatura do webhook inválida.';

/**
 * Stripe's webhooks (issue 8 "Payment providers"). Bodies reach this plugin
 * unparsed (a raw-body parser scoped to it, every content type) because the
 * signature covers the exact bytes Stripe sent. `billing` handles the plan
 * events (modules/planos, handed over by app.ts).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ billing: BillingEvents }> = async (
  app,
  { billing },
) => {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /**
   * `POST /api/webhooks/stripe` (stripe mode only: 404 'Rota não encontrada'
   * in sandbox mode). The `stripe-signature` header is verified against the
   * raw body with `STRIPE_WEBHOOK_SECRET` (Stripe's 5-minute tolerance):
   * 400 {@link WEBHOOK_BAD_SIGNATURE} otherwise. A verified event is handled
   * once (`webhook_events`; see `webhook.service.ts`) and answered 200
   * `{received: true}`, also when redelivered or of a type Pulso ignores.
   */
  app.post(
    '/webhooks/stripe',
    {
      config: { access: 'webhook' },
      schema: {
        summary: 'Stripe webhook events (signed)',
        tags: ['pagamentos'],
        response: {
          200: z.object({ received: z.literal(true) }),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const payments = ctx.config.payments;
      if (ctx.payments.mode !== 'stripe' || payments.provider !== 'stripe') {
        throw new HttpError(404, 'Rota não encontrada');
      }
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw new HttpError(400, WEBHOOK_BAD_SIGNATURE);
      }
      // The SDK is loaded by the Stripe provider already (platform/payment-provider.ts): this import is cached.
      const { default: StripeSdk } = await import('stripe');
      let event: Stripe.Event;
      try {
        event = StripeSdk.webhooks.constructEvent(request.body, signature, payments.webhookSecret);
      } catch {
        throw new HttpError(400, WEBHOOK_BAD_SIGNATURE);
      }
      const outcome = await handleStripeEvent({ ctx, log: request.log, billing }, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true as const };
    },
  );
};
