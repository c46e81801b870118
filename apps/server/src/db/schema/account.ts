import {
  char,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Single-use e-mail tokens (issue 3): `kind` is `email_verify` (24 h) or
 * `password_reset` (60 min). Only the SHA-256 hex of the token is stored.
 */
export const account_tokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    token_hash: char('token_hash', { length: 64 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.token_hash),
    index('account_tokens_user_idx').on(t.user_id, t.kind),
  ],
);

/** HTML pages kept in the database: `termos` (terms of use) and `politica` (privacy policy). */
export const content_pages = pgTable('content_pages', {
  slug: varchar('slug', { length: 40 }).primaryKey(),
  titulo: varchar('titulo', { length: 200 }).notNull(),
  html: text('html').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that receive push messages (docs/devices-and-push.md).
 * `firebase_token` keeps the product's wire name (docs/data-model.md "Conventions"); its value is the
 * serialised Web Push subscription, whose `endpoint` identifies the
 * browser.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firebase_token: text('firebase_token').notNull(),
    endpoint: text('endpoint').notNull(),
    user_agent: varchar('user_agent', { length: 255 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_user_endpoint_unique').on(t.user_id, t.endpoint)],
);

/** Single-use invitations of a company; only the token's SHA-256 hex is stored. */
export const company_invitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    token_hash: char('token_hash', { length: 64 }).notNull(),
    email: varchar('email', { length: 255 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    used_at: timestamp('used_at', { withTimezone: true }),
    used_by: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('company_invitations_hash_unique').on(t.token_hash)],
);
