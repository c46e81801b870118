/**
 * The card payment provider (docs/payments-and-admin.md "Payment providers";
 * issue 8 "Payment providers"): one interface, chosen by `PAYMENT_PROVIDER`:
 * `sandbox` (default, offline, Stripe's test cards) or `stripe`. Amounts are
 * integer centavos (BRL). The provider never decides what to charge: the
 * modules compute prices and record every charge in `payments` (see
 * `modules/pagamentos/charge.service.ts`).
 */

/** A saved card as a receipt or /planos may show it (docs/payments-and-admin.md "Saved card"). */
export interface CardInfo {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/**
 * A refusal by the provider (declined card, insufficient funds, unknown
 * payment method…): `message` is the provider's own pt-BR text, shown to the
 * patient as is (issue 8: "provider errors shown as the provider's
 * message"); `code` is the provider's code (`card_declined`, …).
 */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** One charge of a saved or just-created payment method. */
export interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  /** Centavos, > 0. */
  amount: number;
  /** What it pays for, as the card statement and the receipt say it. */
  description: string;
  /** The same key twice charges once (Stripe's `Idempotency-Key`). */
  idempotencyKey: string;
}

/**
 * A plan's subscription as the provider bills it (Stripe Billing), mirrored
 * into `subscriptions`: its price (the plan's `stripe_plan`), its current
 * period and whether it ends at that period's end.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's status: `active`, `past_due`, `canceled`, `incomplete`… */
  status: string;
  /** The price id of its item (`planos.stripe_plan`). */
  price: string | null;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  /** Its latest invoice: what it charged (centavos) and whether it is paid. */
  latestInvoice: { id: string; amount_paid: number; status: string | null } | null;
  metadata: Record<string, string>;
}

/** What a plan change would invoice now, as the provider computes it (centavos). */
export interface PlanChangeQuote {
  /** The unused part of the current period, credited. */
  credito: number;
  /** The customer's earlier credit balance this invoice uses. */
  saldo_usado: number;
  /** What the card is charged now. */
  cobranca: number;
  /** Credit left for the next invoices. */
  saldo: number;
}

/**
 * Provider-driven plan billing (issue 8 "Renewal at period end": in stripe
 * mode webhooks drive it): the provider keeps the schedule and charges each
 * period; Pulso mirrors the subscription from its events
 * (`modules/planos/billing-events.ts`). Only the `stripe` provider has it;
 * the sandbox's plans are renewed by Pulso's job.
 */
export interface SubscriptionBilling {
  /**
   * Creates the subscription to `price` paid at once with `paymentMethodId`
   * (its first invoice; the customer's credit balance applies). Throws
   * {@link PaymentError} when the card is refused or needs authentication:
   * then no subscription exists.
   */
  create(input: {
    customerId: string;
    price: string;
    paymentMethodId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderSubscription>;
  retrieve(id: string): Promise<ProviderSubscription>;
  /** Cancels at the period end (`true`) or undoes that (`false`). */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** What {@link changePrice} to `price` would charge now (nothing is changed). */
  quoteChange(id: string, price: string, at: Date): Promise<PlanChangeQuote>;
  /**
   * Moves the subscription to `price`, a new period starting now, the unused
   * part of the current one credited, invoiced and paid at once. Throws
   * {@link PaymentError} when refused: then nothing changed.
   */
  changePrice(input: {
    id: string;
    price: string;
    at: Date;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderSubscription>;
  /** The card the next invoices charge. */
  setPaymentMethod(id: string, paymentMethodId: string): Promise<void>;
  /** Ends the subscription now, without refund (a failed renewal). */
  cancelNow(id: string): Promise<void>;
}

/** What Pulso asks of a card payment provider. */
export interface PaymentProvider {
  readonly mode: 'sandbox' | 'stripe';
  /** The key the browser's SDK loads (Stripe's publishable key); none for the sandbox. */
  readonly publishableKey?: string;
  /** Creates the provider's customer of a user; returns its id. */
  createCustomer(input: { userId: number; email: string; name: string }): Promise<string>;
  /**
   * A SetupIntent for the browser's card form (`intent.client_secret`,
   * docs/api/pagamentos.md "Stripe mode"), to save a card for later charges.
   */
  createSetupIntent(customerId: string): Promise<{ client_secret: string }>;
  /**
   * Attaches a payment method created by the browser to the customer and
   * answers the card. Throws {@link PaymentError} for an unknown or refused card.
   */
  attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<CardInfo>;
  /** Charges `amount` centavos; returns the provider's payment id. Throws {@link PaymentError} when refused. */
  charge(input: ChargeInput): Promise<{ id: string }>;
  /** Provider-driven plan billing; absent for the sandbox (Pulso's renewal job bills its plans). */
  readonly billing?: SubscriptionBilling;
}
