import { z } from 'zod';
import { CardViewSchema, PaymentMethodIdSchema } from './schemas.ts';

/**
 * Plans and subscriptions of /planos, /planos/pagamento/:plano,
 * /planos/alterar and /pagamento/alterar (docs/payments-and-admin.md
 * "Plans"; issue 8 "Plans").
 */

/** pt-BR messages of the plan screens and routes. */
export const PLANO_MESSAGES = {
  paid: 'Pagamento realizado com sucesso!',
  notFound: 'Plano não encontrado.',
  jaAssinante: 'Você já tem um plano ativo. Para mudar de plano, use "Alterar plano".',
  semAssinatura: 'Você não tem um plano ativo.',
  mesmoPlano: 'Este já é o seu plano atual.',
  cancelado: 'Assinatura cancelada. Seu plano continua ativo até o fim do período pago.',
  jaCancelado: 'Esta assinatura já está cancelada.',
  renovado: 'Assinatura reativada. Ela será renovada no fim do período.',
  naoCancelado: 'Esta assinatura não está cancelada.',
  alterado: 'Plano alterado com sucesso!',
  cartaoAlterado: 'Cartão atualizado com sucesso!',
  semCartao: 'Cadastre um cartão para continuar.',
  /** The chip of a cancelled subscription (docs/payments-and-admin.md "Subscription states"). */
  chipCancelado: 'Cancelado',
} as const;

/**
 * A plan as listed (docs/payments-and-admin.md "Plans"): `preco` centavos,
 * `periodo` M or A, `tipo` 1 includes teleconsultations.
 */
export const PlanoViewSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  preco: z.number().int(),
  periodo: z.enum(['M', 'A']),
  tipo: z.number().int(),
  descricao: z.string().nullable(),
  stripe_plan: z.string().nullable(),
});
export type PlanoView = z.output<typeof PlanoViewSchema>;

/**
 * The caller's subscription (docs/payments-and-admin.md
 * "Subscription states": `stripe_plan`, `ends_at`): `ends_at` set once
 * cancelled (the plan lasts until then); `current_period_end` when the next
 * charge happens (ISO instants).
 */
export const SubscriptionViewSchema = z.object({
  id: z.number().int(),
  stripe_plan: z.string().nullable(),
  plano_id: z.number().int(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  ends_at: z.string().nullable(),
});
export type SubscriptionView = z.output<typeof SubscriptionViewSchema>;

/**
 * `GET /api/planos` (docs/payments-and-admin.md "Plans"): the active
 * subscription with its plan and saved card, or `null`s and the list of
 * plans on sale.
 */
export const PlanosAnswerSchema = z.object({
  subscription: SubscriptionViewSchema.nullable(),
  plano: PlanoViewSchema.nullable(),
  paymentMethod: CardViewSchema.nullable(),
  planos: z.array(PlanoViewSchema),
});
export type PlanosAnswer = z.output<typeof PlanosAnswerSchema>;

/**
 * `PUT /api/planos/subscribe` body (docs/payments-and-admin.md "Plans"): the
 * plan by its provider id, and the card.
 */
export const SubscribeSchema = z.object({
  stripe_plan: z.string({ error: PLANO_MESSAGES.notFound }).trim().min(1, PLANO_MESSAGES.notFound).max(120),
  payment_method: PaymentMethodIdSchema,
});

/** `PUT /api/planos/pagamento` body (docs/payments-and-admin.md "Saved card"): the new card. */
export const ChangeCardSchema = z.object({ payment_method: PaymentMethodIdSchema });
