import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Staff accounts (issue 9 "Access"): a Pulso account that may use the admin
 * area, with its role (`admin` or `support`, `packages/domain` STAFF_ROLES).
 * Staff sign in through `POST /api/login` like everyone.
 */
export const staff = pgTable('staff', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: varchar('role', { length: 10 }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every admin action (issue 9 "Access": who, what, when, before/after). The
 * actor's e-mail is copied, so a row still says who acted after that account
 * is gone. `acao` is `<area>.<verb>` (`pedido.enviar`); `antes` / `depois`
 * hold the changed fields only.
 */
export const audit_log = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor_email: varchar('actor_email', { length: 255 }).notNull(),
    acao: varchar('acao', { length: 60 }).notNull(),
    entidade: varchar('entidade', { length: 40 }).notNull(),
    entidade_id: varchar('entidade_id', { length: 60 }),
    antes: jsonb('antes'),
    depois: jsonb('depois'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_entidade_idx').on(t.entidade, t.entidade_id),
  ],
);
