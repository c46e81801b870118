import { integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Chronic conditions of the /saude checklist (reference data, seeded; issue 4). */
export const doencas = pgTable('doencas', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 120 }).notNull().unique(),
});

/** The conditions a patient has checked; rows go with the user. */
export const user_doencas = pgTable(
  'user_doencas',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doenca_id: integer('doenca_id')
      .notNull()
      .references(() => doencas.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.doenca_id] })],
);
