import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates for itself, kept once for every node on
 * PostgreSQL (docs/operations-and-faults.md "Generated secrets";
 * `platform/secrets.ts`): `files-url-secret` signs file links, `vapid.json`
 * is the Web Push key pair. Never sent to a client; an environment variable
 * set for a secret overrides its row. On PGlite they stay in `DATA_DIR`.
 */
export const app_secrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
