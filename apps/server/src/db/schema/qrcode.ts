import {
  type AnyPgColumn,
  char,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { shl_links } from './shl.ts';
import { users } from './users.ts';

/**
 * Batches of pre-printed sticker codes an admin generated at once (issue 9
 * "Sticker batches"): how many codes, by whom (kept when that account is
 * gone: `created_by` set null) and when.
 */
export const sticker_batches = pgTable('sticker_batches', {
  id: serial('id').primaryKey(),
  quantidade: integer('quantidade').notNull(),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pre-printed sticker codes that belong to nobody until a registration claims
 * them (docs/codes.md "Virgin codes"). Unclaimed while `claimed_at` is null.
 * `lote_id` is the admin batch that made it (issue 9); `batch` a free label
 * of codes loaded otherwise (tests, imports).
 */
export const virgin_codes = pgTable(
  'virgin_codes',
  {
    code: char('code', { length: 8 }).primaryKey(),
    batch: varchar('batch', { length: 60 }),
    lote_id: integer('lote_id').references(() => sticker_batches.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_by: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [index('virgin_codes_lote_idx').on(t.lote_id)],
);

/**
 * Every opening of a patient's code (docs/authorization.md "Who sees what through the code"): when, who
 * (`viewer_id` null for a visitor, `viewer_kind`) and which tabs were served
 * (`tabs`, comma-separated: `emergencia,endereco,emergencia_saude,saude,timeline`). The patient reads this log (issue 4).
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
    // Set on an attempt with a code the patient replaced ("Perdi meu adesivo"): that old code; nothing was served.
    codigo_substituido: char('codigo_substituido', { length: 8 }),
    // Where the viewer was, shared only by their own tap on the public page (docs/code-alerts.md
    // "Where"): degrees rounded to 3 decimals (~100 m), and when it was shared.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    localizacao_em: timestamp('localizacao_em', { withTimezone: true }),
    // An opening of a SMART Health Link (tabs `resumo`): which link, and whom the opener said they were.
    shl_id: integer('shl_id').references((): AnyPgColumn => shl_links.id, { onDelete: 'set null' }),
    destinatario: varchar('destinatario', { length: 200 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_access_logs_user_idx').on(t.user_id, t.created_at)],
);

/**
 * Codes a patient replaced after losing the sticker (docs/codes.md "A lost sticker"): the old code
 * answers "Este código foi substituído" and is never drawn again; `user_id` is whose it was, so that
 * each later attempt with it goes to that patient's access log.
 */
export const replaced_codes = pgTable(
  'replaced_codes',
  {
    code: char('code', { length: 8 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replaced_at: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('replaced_codes_user_idx').on(t.user_id)],
);

/**
 * The alert state of each patient's code (docs/code-alerts.md): `pendente_desde` the first access-log
 * row not yet told to the patient (null when nothing waits), `enviado_em` when the last alert went
 * out (at most one per 10 minutes; what comes in between is summed into the next).
 */
export const code_alerts = pgTable('code_alerts', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pendente_desde: integer('pendente_desde'),
  enviado_em: timestamp('enviado_em', { withTimezone: true }),
});

/**
 * Where a scheduled job has read up to in an append-only table (docs/code-alerts.md): `name` the
 * job, `last_id` the last row id it took.
 */
export const job_cursors = pgTable('job_cursors', {
  name: varchar('name', { length: 40 }).primaryKey(),
  last_id: integer('last_id').notNull(),
});
