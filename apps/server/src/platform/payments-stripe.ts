import Stripe from 'stripe';
import { type CardInfo, PaymentError, type PaymentProvider } from './payments.ts';
import { SANDBOX_UNKNOWN_METHOD } from './payments-sandbox.ts';
import { stripeBilling } from './payments-stripe-billing.ts';
import { call } from './payments-stripe-call.ts';
import { NOT_A_CARD, stripeRefusal } from './payments-stripe-errors.ts';

/**
 * The `stripe` payment provider (issue 8 "Payment providers";
 * docs/payments-and-admin.md "Payment providers") over Stripe's official SDK.
 * The browser collects the card with Stripe Elements against a SetupIntent
 * (card numbers never reach Pulso); the server attaches the resulting payment
 * method to the user's customer and charges it off-session with a
 * PaymentIntent, in BRL centavos, under Pulso's idempotency key. Plans are
 * Stripe Billing subscriptions: Stripe renews them and its webhooks drive
 * Pulso's copy (issue 8).
 */

/** Options of {@link stripePaymentProvider}; `host`, `port` and `protocol` point the SDK elsewhere (tests). */
export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Retries of a failed request (network, 409, 5xx), same idempotency key; default 2. */
  maxNetworkRetries?: number;
}

/** The card Pulso shows of a Stripe payment method (none: not a card). */
function cardOf(method: Stripe.PaymentMethod): CardInfo {
  const card = method.card;
  if (!card) throw new PaymentError(NOT_A_CARD, 'card_not_supported');
  return { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
}

/** The SDK client of `options` (2 network retries under the same idempotency key by default, 30 s timeout). */
function stripeClient(options: StripeProviderOptions): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 30_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
}

/**
 * The `stripe` {@link PaymentProvider}:
 * - `createCustomer` → `POST /v1/customers {email, name, metadata[user_id]}`;
 * - `createSetupIntent` → `POST /v1/setup_intents {customer, usage: off_session,
 *   allowed_payment_method_types[]: card}` (the SDK's pinned API version renamed
 *   `payment_method_types`), answering its `client_secret` (`intent`,
 *   docs/api/pagamentos.md "Stripe mode");
 * - `attachPaymentMethod` → `GET /v1/payment_methods/{id}`, then
 *   `POST /v1/payment_methods/{id}/attach {customer}` unless the SetupIntent
 *   already attached it to this customer; one of another customer is refused
 *   (`resource_missing`, as the sandbox does);
 * - `charge` → `POST /v1/payment_intents {amount (centavos), currency: brl,
 *   allowed_payment_method_types[]: card, customer, payment_method, confirm, off_session, description,
 *   metadata[idempotency_key]}` with the `Idempotency-Key` header: the same
 *   key twice charges once at Stripe too. A PaymentIntent that did not
 *   succeed at once (`requires_action`, `requires_payment_method`) is a refusal;
 *   `processing` counts as paid (the webhook reports a later failure to staff).
 * - `billing`: plans as Stripe Billing subscriptions (`payments-stripe-billing.ts`).
 * Throws {@link PaymentError} for refusals (see {@link stripeRefusal}).
 */
export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(options);
  return {
    mode: 'stripe',
    publishableKey: options.publishableKey,
    billing: stripeBilling(stripe),
    async createCustomer({ userId, email, name }) {
      const customer = await call(() =>
        stripe.customers.create({ email, name, metadata: { user_id: String(userId) } }),
      );
      return customer.id;
    },
    async createSetupIntent(customerId) {
      const intent = await call(() =>
        stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
        }),
      );
      if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without client_secret');
      return { client_secret: intent.client_secret };
    },
    async attachPaymentMethod(customerId, paymentMethodId) {
      const method = await call(() => stripe.paymentMethods.retrieve(paymentMethodId));
      const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
      if (owner === customerId) return cardOf(method);
      if (owner) throw new PaymentError(SANDBOX_UNKNOWN_METHOD, 'resource_missing');
      const attached = await call(() =>
        stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }),
      );
      return cardOf(attached);
    },
    async charge(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError('bad amount');
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: 'brl',
            // Cards only: no redirect-based method, so an off-session confirmation needs no return_url.
            allowed_payment_method_types: ['card'],
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            confirm: true,
            off_session: true,
            description: input.description,
            metadata: { idempotency_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (intent.status === 'succeeded' || intent.status === 'processing') return { id: intent.id };
      const failure = intent.last_payment_error;
      throw stripeRefusal({
        code: failure?.code ?? (intent.status === 'requires_action' ? 'authentication_required' : null),
        decline_code: failure?.decline_code ?? null,
      });
    },
  };
}
