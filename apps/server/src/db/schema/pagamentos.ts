import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { subscriptions } from './planos.ts';
import { cidades } from './reference.ts';
import { users } from './users.ts';

/**
 * Settings staff edit, with seeded defaults
 * (docs/payments-and-admin.md "Prices": the single-consultation price
 * `atendimento_valor` is one). `valor` is JSON so one table serves numbers
 * and texts.
 */
export const app_settings = pgTable('app_settings', {
  chave: varchar('chave', { length: 60 }).primaryKey(),
  valor: jsonb('valor').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's customer at the payment provider and the saved card
 * (docs/payments-and-admin.md "Plans": brand, last4, exp_month, exp_year).
 * Card numbers are never stored: only the provider's ids and what a receipt
 * may show.
 */
export const payment_customers = pgTable('payment_customers', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: varchar('provider', { length: 10 }).notNull(),
  customer_id: varchar('customer_id', { length: 120 }).notNull(),
  payment_method_id: varchar('payment_method_id', { length: 120 }),
  card_brand: varchar('card_brand', { length: 20 }),
  card_last4: char('card_last4', { length: 4 }),
  card_exp_month: smallint('card_exp_month'),
  card_exp_year: smallint('card_exp_year'),
  // Centavos of credit left from a plan change (the unused part of a dearer plan), spent on the next charges.
  saldo: integer('saldo').notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every charge (issue 8 "Payment providers"): who, what it paid for (`tipo`
 * and `referencia_id`), the amount in centavos, the provider's ids and the
 * outcome. `idempotency_key` is unique: a retry or a double click finds the
 * first attempt instead of charging twice. Kept when the account is deleted
 * (`user_id` set null): payments are accounting records.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: varchar('provider', { length: 10 }).notNull(),
    // assinatura | renovacao | troca_plano | atendimento | pedido
    tipo: varchar('tipo', { length: 20 }).notNull(),
    referencia_id: integer('referencia_id'),
    descricao: varchar('descricao', { length: 200 }).notNull(),
    valor: integer('valor').notNull(),
    moeda: char('moeda', { length: 3 }).notNull().default('brl'),
    // pendente | pago | recusado
    status: varchar('status', { length: 12 }).notNull().default('pendente'),
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    provider_payment_id: varchar('provider_payment_id', { length: 120 }),
    falha: text('falha'),
    // What a one-off payment buys (modules/pagamentos/compras.ts), so its webhook can grant it.
    compra: jsonb('compra'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_unique').on(t.idempotency_key),
    index('payments_user_idx').on(t.user_id, t.created_at),
    // One plan charge in flight per user: two subscribes (or a subscribe and a plan change) at once
    // cannot both charge; the second meets this index and is told to wait.
    uniqueIndex('payments_plano_pendente_unique')
      .on(t.user_id)
      .where(sql`${t.status} = 'pendente' and ${t.tipo} in ('assinatura', 'troca_plano', 'renovacao')`),
  ],
);

/**
 * Cards of the offline `sandbox` provider
 * (docs/api/pagamentos.md "Provider"), as Stripe keeps payment methods: the
 * id handed to the browser and what the card is (brand, last4, expiry)
 * and does when charged (`falha`, null for success). The number itself is
 * never kept.
 */
export const sandbox_payment_methods = pgTable('sandbox_payment_methods', {
  id: varchar('id', { length: 60 }).primaryKey(),
  brand: varchar('brand', { length: 20 }).notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  exp_month: smallint('exp_month').notNull(),
  exp_year: smallint('exp_year').notNull(),
  falha: varchar('falha', { length: 30 }),
  customer_id: varchar('customer_id', { length: 120 }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Charges the offline `sandbox` provider made, one per idempotency key, as
 * Stripe keeps its PaymentIntents (docs/operations-and-faults.md "The charge
 * takeover window"): a charge repeated with the same key (a request that took
 * over one whose process died mid-charge) answers the first one and charges
 * nothing more. `amount` in centavos.
 */
export const sandbox_charges = pgTable('sandbox_charges', {
  id: varchar('id', { length: 60 }).primaryKey(),
  idempotency_key: varchar('idempotency_key', { length: 255 }).notNull().unique(),
  customer_id: varchar('customer_id', { length: 120 }).notNull(),
  payment_method_id: varchar('payment_method_id', { length: 60 }).notNull(),
  amount: integer('amount').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Coupons of the sticker purchase
 * (docs/payments-and-admin.md "Coupons"; issue 8): `nome` stored
 * upper-case and unique, `desconto` percent 1–100, optional last
 * instant and use limit; `usos` counts the orders they paid for.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 40 }).notNull(),
    desconto: smallint('desconto').notNull(),
    valido_ate: timestamp('valido_ate', { withTimezone: true }),
    limite_usos: integer('limite_usos'),
    usos: integer('usos').notNull().default(0),
    ativo: boolean('ativo').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_nome_unique').on(t.nome)],
);

/**
 * Sticker orders (docs/payments-and-admin.md "Sticker orders"): the code
 * printed (the buyer's own at order time), the delivery address (`cep` 8
 * digits), what was paid in centavos (`valor`, 0 for a free order) with the
 * coupon and its percent at the time, `subscription_id` when it was an annual
 * plan's free set, and the status A Aguardando / E Enviado with the tracking
 * code once sent.
 */
export const qrcode_orders = pgTable(
  'qrcode_orders',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: char('code', { length: 8 }).notNull(),
    endereco: varchar('endereco', { length: 255 }).notNull(),
    bairro: varchar('bairro', { length: 255 }).notNull(),
    cidade_id: integer('cidade_id')
      .notNull()
      .references(() => cidades.id),
    cep: char('cep', { length: 8 }).notNull(),
    complemento: varchar('complemento', { length: 255 }),
    valor: integer('valor').notNull(),
    coupon_id: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    desconto: smallint('desconto'),
    subscription_id: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    status: char('status', { length: 1 }).notNull().default('A'),
    rastreio: varchar('rastreio', { length: 60 }),
    enviado_em: timestamp('enviado_em', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('qrcode_orders_user_idx').on(t.user_id, t.created_at),
    index('qrcode_orders_status_idx').on(t.status, t.created_at),
  ],
);

/**
 * Stripe webhook events already handled (issue 8): the event id is the key,
 * so a redelivered event is recognised and skipped.
 */
export const webhook_events = pgTable('webhook_events', {
  id: varchar('id', { length: 120 }).primaryKey(),
  tipo: varchar('tipo', { length: 80 }).notNull(),
  received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
