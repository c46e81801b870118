/**
 * The card payment provider (RULINGS.md "Payments"; ARCHITECTURE.md
 * "Embedded default"; issue 8 "Payment providers"): one interface, chosen by
 * `PAYMENT_PROVIDER`: `sandbox` (default, offline, Stripe's test cards) or
 * `stripe`. Amounts are integer centavos (BRL). The provider never decides
 * what to charge: the modules compute prices and record every charge in
 * `payments` (see `modules/pagamentos/charge.service.ts`).
 */

/** A saved card as a receipt or /planos may show it (spec 2 §3 "Payment method"). */
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

/** What Pulso asks of a card payment provider. */
export interface PaymentProvider {
  readonly mode: 'sandbox' | 'stripe';
  /** The key the browser's SDK loads (Stripe's publishable key); none for the sandbox. */
  readonly publishableKey?: string;
  /** Creates the provider's customer of a user; returns its id. */
  createCustomer(input: { userId: number; email: string; name: string }): Promise<string>;
  /**
   * A SetupIntent for the browser's card form (spec 2 §7
   * `intent.client_secret`), to save a card for later charges.
   */
  createSetupIntent(customerId: string): Promise<{ client_secret: string }>;
  /**
   * Attaches a payment method created by the browser to the customer and
   * answers the card. Throws {@link PaymentError} for an unknown or refused card.
   */
  attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<CardInfo>;
  /** Charges `amount` centavos; returns the provider's payment id. Throws {@link PaymentError} when refused. */
  charge(input: ChargeInput): Promise<{ id: string }>;
}
