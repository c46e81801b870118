import { z } from 'zod';

/**
 * Wire shapes and messages shared by the payment routes and the card forms
 * (docs/payments-and-admin.md "Charges"; issue 8).
 */

/** pt-BR messages of payments in general. */
export const PAGAMENTO_MESSAGES = {
  paid: 'Pagamento realizado com sucesso!',
  paymentMethod: 'Informe os dados do cartão',
  idempotencyKey: 'Chave de idempotência inválida',
  emAndamento: 'Este pagamento ainda está em processamento. Aguarde alguns segundos e confira.',
  indisponivel: 'Não foi possível falar com o serviço de pagamentos. Tente novamente em instantes.',
  sandboxOnly: 'Cartões de teste só existem no modo sandbox.',
  interrompido: 'Este pagamento foi interrompido antes da confirmação. Tente de novo.',
} as const;

/**
 * Single-consultation price until staff set one, centavos
 * (docs/payments-and-admin.md "Single consultation": an admin setting).
 */
export const ATENDIMENTO_VALOR_PADRAO = 5990;

/**
 * A payment method id made by the browser (Stripe.js `createPaymentMethod`
 * or the sandbox's stand-in): `pm_…`, at most 120 characters.
 */
export const PaymentMethodIdSchema = z
  .string({ error: PAGAMENTO_MESSAGES.paymentMethod })
  .trim()
  .regex(/^pm_[A-Za-z0-9_]{1,117}$/, PAGAMENTO_MESSAGES.paymentMethod);

/**
 * `PUT /api/telemedicina/purchase/atendimento` body (docs/payments-and-admin.md
 * "Single consultation"): the card to charge.
 */
export const AtendimentoPurchaseSchema = z.object({ payment_method: PaymentMethodIdSchema });

/**
 * The optional `Idempotency-Key` request header of a charge: 8–100 letters,
 * digits, `-` or `_` (a UUID made when the payment form opened). The same
 * key from the same user for the same purchase charges once.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, PAGAMENTO_MESSAGES.idempotencyKey)
  .optional();

/** `POST /api/sandbox/payment-methods` body, Stripe's card fields (sandbox mode only). */
export const SandboxCardSchema = z.object({
  number: z.string().max(40),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string().max(8),
});

/** A card as shown: brand, last 4 digits, expiry (docs/payments-and-admin.md "Saved card"). */
export const CardViewSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type CardView = z.output<typeof CardViewSchema>;

/** `GET /api/pagamentos/config`: the provider the card form talks to and, for `stripe`, its publishable key. */
export const PaymentConfigSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishable_key: z.string().nullable(),
});
export type PaymentConfig = z.output<typeof PaymentConfigSchema>;
