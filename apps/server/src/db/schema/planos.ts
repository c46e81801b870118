import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { atendimentos } from './medicos.ts';
import { users } from './users.ts';

/**
 * Plans (docs/payments-and-admin.md "Plans"): `preco` in centavos,
 * `periodo` M monthly or A annual, `tipo` 1 includes teleconsultations
 * (its quota: the same section). Issue 8 sells them; issue 6 reads them
 * for the quota.
 */
export const planos = pgTable('planos', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 120 }).notNull(),
  preco: integer('preco').notNull(),
  periodo: char('periodo', { length: 1 }).notNull(),
  tipo: smallint('tipo').notNull().default(1),
  descricao: text('descricao'),
  stripe_plan: varchar('stripe_plan', { length: 120 }),
  ativo: boolean('ativo').notNull().default(true),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A patient's subscription (docs/payments-and-admin.md "Plans"). Active
 * while `now` is inside `[current_period_start, current_period_end)`;
 * `ends_at` set when cancelled (the plan stays until the period end).
 * Issue 8 renews and charges; issue 6 counts the quota inside the current
 * period.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plano_id: integer('plano_id')
      .notNull()
      .references(() => planos.id),
    current_period_start: timestamp('current_period_start', { withTimezone: true }).notNull(),
    current_period_end: timestamp('current_period_end', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    // The provider's subscription (Stripe Billing in `stripe` mode; null in `sandbox`, billed by Pulso's job).
    provider_subscription_id: varchar('provider_subscription_id', { length: 120 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.user_id, t.current_period_end),
    // One row per provider subscription: the request that creates it and its webhook upsert the same row.
    uniqueIndex('subscriptions_provider_unique').on(t.provider_subscription_id),
  ],
);

/**
 * Single-session credits (`hasCredit`,
 * docs/payments-and-admin.md "Single consultation"): one bought
 * teleconsultation (issue 8 sells them). Used by a request (`atendimento_id`),
 * given back when the doctor refuses it.
 */
export const creditos = pgTable(
  'creditos',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origem: varchar('origem', { length: 20 }).notNull().default('compra'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    used_at: timestamp('used_at', { withTimezone: true }),
    atendimento_id: integer('atendimento_id').references(() => atendimentos.id, { onDelete: 'set null' }),
  },
  (t) => [index('creditos_user_idx').on(t.user_id, t.used_at)],
);
