import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A patient's requests to take all their data out (docs/data-export.md; LGPD art. 18, II and V):
 * `status` `pendente` (the job has not made it yet), `pronto` (the ZIP is in storage under
 * `file_key`, `bytes` long, downloadable by its owner until `expires_at`, 24 h after `ready_at`) or
 * `falhou` (`error` says why, without personal data). While the job makes it, `status` is `gerando` and
 * `ready_at` the instant it was claimed (docs/data-export.md "The job"). One at a time per account.
 */
export const data_exports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().default('pendente'),
    file_key: varchar('file_key', { length: 200 }),
    bytes: integer('bytes'),
    error: varchar('error', { length: 200 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ready_at: timestamp('ready_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.user_id, t.created_at)],
);
