import { and, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { payments, webhook_events } from '../../db/schema/index.ts';
import { stripeRefusal } from '../../platform/payments-stripe-errors.ts';
import type { BillingEvents, BillingOutcome } from './billing-handler.ts';
import { type Compra, grantCompra } from './compras.ts';

/**
 * Stripe's webhook events (issue 8 "Payment providers": verified with the
 * signing secret, processed idempotently with the event ids stored). Charges
 * are confirmed synchronously by `chargeOnce`, which records the payment
 * and grants the good in one transaction; the events reconcile what that
 * request could not (a crash or a lost answer after Stripe charged):
 * - `payment_intent.payment_failed`: a `payments` row still `pendente` becomes
 *   `recusado` with the pt-BR message of the decline (a retry of its key then
 *   answers that refusal; nothing was granted);
 * - `payment_intent.succeeded`: a row already `pago` needs nothing. A row
 *   still `pendente` that stored what it buys (`compra`: a teleconsultation
 *   credit, a sticker order) is granted and marked paid here, in the locked
 *   row's transaction, so its request (if it still completes) finds it paid
 *   and grants nothing more. A `pendente` row without `compra` (a renewal
 *   charged by Pulso's job) gets the PaymentIntent id and is logged for
 *   staff. A row `recusado` that Stripe reports paid is logged as an error
 *   (refund or grant by hand).
 * Plan events (`invoice.*`, `customer.subscription.*`) go to `deps.billing`
 * (modules/planos/billing-events.ts, handed over by app.ts): Stripe Billing renews plans. Other
 * event types are stored and ignored.
 */

/** What {@link handleStripeEvent} did with an event. */
export type WebhookOutcome =
  | BillingOutcome
  | 'duplicate'
  | 'ignored'
  | 'recusado'
  | 'ja_registrado'
  | 'pendente'
  | 'concedido'
  | 'desconhecido';

/** The `payments` row of a PaymentIntent: by its id, or by the idempotency key `charge` put in its metadata. */
function matchIntent(intent: Stripe.PaymentIntent): SQL {
  const key = intent.metadata?.idempotency_key;
  const byId = eq(payments.provider_payment_id, intent.id);
  return and(
    eq(payments.provider, 'stripe'),
    key ? or(byId, eq(payments.idempotency_key, key)) : byId,
  ) as SQL;
}

/**
 * Handles one verified event once: its id is inserted into `webhook_events`
 * in the transaction that processes it, so a redelivery (or two deliveries
 * at once) finds it and does nothing (`duplicate`), and a failure rolls the
 * id back for Stripe's retry.
 */
export async function handleStripeEvent(
  deps: { ctx: AppContext; log: FastifyBaseLogger; billing: BillingEvents },
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  let after: (() => Promise<void>) | undefined;
  const outcome = await deps.ctx.database.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx
      .insert(webhook_events)
      .values({ id: event.id, tipo: event.type.slice(0, 80) })
      .onConflictDoNothing({ target: webhook_events.id })
      .returning({ id: webhook_events.id });
    if (!fresh) return 'duplicate';
    if (deps.billing.events.has(event.type)) {
      const result = await deps.billing.handle(tx, deps, event);
      after = result.after;
      return result.outcome;
    }

    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
      return 'ignored';
    }
    const intent = event.data.object;
    const [payment] = await tx.select().from(payments).where(matchIntent(intent)).for('update').limit(1);
    const where = { eventId: event.id, paymentIntent: intent.id, paymentId: payment?.id };
    if (!payment) {
      deps.log.warn(where, `stripe ${event.type} for a PaymentIntent Pulso did not record`);
      return 'desconhecido';
    }

    if (event.type === 'payment_intent.payment_failed') {
      if (payment.status !== 'pendente') {
        if (payment.status === 'pago') {
          deps.log.error(where, 'stripe payment failed for a payment recorded as paid: staff must check it');
        }
        return 'ja_registrado';
      }
      const failure = intent.last_payment_error;
      const refusal = stripeRefusal({
        code: failure?.code ?? null,
        decline_code: failure?.decline_code ?? null,
      });
      await tx
        .update(payments)
        .set({
          status: 'recusado',
          falha: refusal.message,
          provider_payment_id: payment.provider_payment_id ?? intent.id,
          updated_at: new Date(),
        })
        .where(eq(payments.id, payment.id));
      deps.log.info({ ...where, code: refusal.code }, 'pending payment refused by a stripe webhook');
      return 'recusado';
    }

    // payment_intent.succeeded
    if (payment.status === 'pago') return 'ja_registrado';
    if (payment.status === 'recusado') {
      deps.log.error(where, 'stripe charged a payment recorded as refused: staff must refund or grant it');
      return 'ja_registrado';
    }
    if (payment.compra && payment.user_id !== null) {
      // A one-off purchase whose request died after Stripe charged: granted here, once (the row is locked).
      const referencia = await grantCompra(tx, payment.user_id, payment.compra as Compra);
      await tx
        .update(payments)
        .set({
          status: 'pago',
          provider_payment_id: intent.id,
          referencia_id: referencia,
          updated_at: new Date(),
        })
        .where(eq(payments.id, payment.id));
      deps.log.info({ ...where, tipo: payment.tipo }, 'pending payment paid and granted by a stripe webhook');
      return 'concedido';
    }
    if (!payment.provider_payment_id) {
      await tx
        .update(payments)
        .set({ provider_payment_id: intent.id, updated_at: new Date() })
        .where(eq(payments.id, payment.id));
    }
    deps.log.warn(
      { ...where, userId: payment.user_id, tipo: payment.tipo, valor: payment.valor },
      'stripe charged a payment still pendente: unless its request completes, staff must grant what it bought',
    );
    return 'pendente';
  });
  await after?.();
  return outcome;
}
