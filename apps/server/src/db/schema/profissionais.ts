import { char, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Emergency professional credentials
 * (docs/codes.md "Emergency professional": tipo M Médico, B Bombeiro, S
 * SAMU; numero; documento photo, a storage key). One per account. `status`
 * is 'pendente' until staff review it (issue 9): 'verificado' or 'rejeitado'
 * (with `motivo_rejeicao`, the reason staff gave).
 */
export const profissionais = pgTable(
  'profissionais',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: char('tipo', { length: 1 }).notNull(),
    numero: varchar('numero', { length: 30 }).notNull(),
    documento: varchar('documento', { length: 80 }),
    status: varchar('status', { length: 10 }).notNull().default('pendente'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    motivo_rejeicao: text('motivo_rejeicao'),
  },
  (t) => [uniqueIndex('profissionais_user_unique').on(t.user_id)],
);
