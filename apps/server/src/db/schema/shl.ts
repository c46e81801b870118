import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * SMART Health Links a patient made to share their summary (docs/smart-health-links.md): `manifest_id` the
 * random last segment of the manifest URL, `label`, the passcode's argon2id hash and the wrong tries left (both
 * null without a passcode; 0 locks the link), `expires_at`, `revoked_at`, and `jwe` the summary encrypted
 * (compact JWE, dir + A256GCM) at creation with a key that only the link holds: the server cannot decrypt it.
 */
export const shl_links = pgTable(
  'shl_links',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    manifest_id: varchar('manifest_id', { length: 43 }).notNull().unique(),
    label: varchar('label', { length: 80 }).notNull(),
    passcode_hash: text('passcode_hash'),
    tentativas_restantes: smallint('tentativas_restantes'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    jwe: text('jwe').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shl_links_user_idx').on(t.user_id)],
);
