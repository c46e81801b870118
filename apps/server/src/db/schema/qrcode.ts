import { char, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Pre-printed sticker codes that belong to nobody until a registration claims
 * them (RULINGS.md "Virgin codes"). Unclaimed while `claimed_at` is null.
 */
export const virgin_codes = pgTable('virgin_codes', {
  code: char('code', { length: 8 }).primaryKey(),
  batch: varchar('batch', { length: 60 }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  claimed_by: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
  claimed_at: timestamp('claimed_at', { withTimezone: true }),
});

/**
 * Every opening of a patient's code (RULINGS.md "Who sees what"): when, who
 * (`viewer_id` null for a visitor, `viewer_kind`) and which tabs were served
 * (`tabs`, comma-separated: `emergencia,saude,timeline`). The patient reads this log (issue 4).
 */
export const code_access_logs = pgTable(
  'code_access_logs',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewer_id: integer('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    // The viewer's kind at the time (domain `ViewerKind`: guest, self, own_doctor, …).
    viewer_kind: varchar('viewer_kind', { length: 20 }).notNull().default('guest'),
    tabs: varchar('tabs', { length: 60 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_access_logs_user_idx').on(t.user_id, t.created_at)],
);
