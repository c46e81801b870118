import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The patient's consent history (docs/authorization.md "Consent history"; LGPD art. 8 and 18): each
 * acceptance of the terms of use and the privacy policy (`item` `termos`/`politica`, `valor` the
 * accepted version's date, ISO 8601, null when it was not recorded) and each change of a permission
 * (`item` the `users` column, `valor` its new value as text), with when.
 */
export const consent_events = pgTable(
  'consent_events',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item: varchar('item', { length: 40 }).notNull(),
    valor: varchar('valor', { length: 40 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_events_user_idx').on(t.user_id, t.created_at)],
);
