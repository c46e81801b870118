import { sql } from 'drizzle-orm';
import {
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { atendimentos } from './medicos.ts';
import { cidades } from './reference.ts';
import { medicos, users } from './users.ts';

/**
 * Chat messages of a care session (docs/telemedicine.md "Chat"). `from`: U
 * the patient, M the doctor. `type`: T text (`content`), I image, F PDF (the
 * file at `file_key` through the storage adapter, `content` its cleaned
 * name). `read_at`: when the other side read it. Deleting a message deletes
 * the row and its file.
 */
export const mensagens = pgTable(
  'mensagens',
  {
    id: serial('id').primaryKey(),
    atendimento_id: integer('atendimento_id')
      .notNull()
      .references(() => atendimentos.id, { onDelete: 'cascade' }),
    from: char('from', { length: 1 }).notNull(),
    type: char('type', { length: 1 }).notNull(),
    content: text('content').notNull(),
    file_key: varchar('file_key', { length: 80 }),
    file_mime: varchar('file_mime', { length: 40 }),
    file_size: integer('file_size'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('mensagens_atendimento_idx').on(t.atendimento_id, t.id),
    index('mensagens_unread_idx').on(t.atendimento_id, t.from).where(sql`${t.read_at} IS NULL`),
  ],
);

/**
 * Patients a doctor has blocked (docs/telemedicine.md "Doctors"): no new requests from them to this doctor.
 */
export const medico_bloqueios = pgTable(
  'medico_bloqueios',
  {
    medico_id: integer('medico_id')
      .notNull()
      .references(() => medicos.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.medico_id, t.user_id] })],
);

/**
 * Single-use passes a doctor issues
 * (docs/telemedicine.md "Requests and payment"): valid for one request to
 * that doctor. `code` canonical (8 characters of `PASS_ALPHABET`).
 */
export const passes = pgTable(
  'passes',
  {
    id: serial('id').primaryKey(),
    medico_id: integer('medico_id')
      .notNull()
      .references(() => medicos.id, { onDelete: 'cascade' }),
    code: char('code', { length: 8 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    used_at: timestamp('used_at', { withTimezone: true }),
    used_by: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('passes_code_unique').on(t.code),
    index('passes_medico_idx').on(t.medico_id, t.created_at),
  ],
);

/**
 * Reports patients file against doctors (`POST /api/denunciar/medico/:id`).
 * `status`: aberta, em_analise, resolvida (staff handle them, issue 9).
 */
export const denuncias = pgTable(
  'denuncias',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    medico_id: integer('medico_id')
      .notNull()
      .references(() => medicos.id, { onDelete: 'cascade' }),
    motivo: text('motivo').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('aberta'),
    nota: text('nota'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('denuncias_status_idx').on(t.status, t.created_at)],
);

/** Clinics where doctors work (`GET /api/clinicas/search/:text`); `busca` lower-case, accent-free. */
export const clinicas = pgTable(
  'clinicas',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 255 }).notNull(),
    busca: varchar('busca', { length: 255 }).notNull(),
    cidade_id: integer('cidade_id').references(() => cidades.id),
  },
  (t) => [
    uniqueIndex('clinicas_nome_cidade_unique').on(t.busca, t.cidade_id),
    index('clinicas_busca_trgm').using('gin', sql`${t.busca} gin_trgm_ops`),
  ],
);

/** The clinics of each doctor. */
export const medico_clinicas = pgTable(
  'medico_clinicas',
  {
    medico_id: integer('medico_id')
      .notNull()
      .references(() => medicos.id, { onDelete: 'cascade' }),
    clinica_id: integer('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.medico_id, t.clinica_id] }),
    index('medico_clinicas_clinica_idx').on(t.clinica_id),
  ],
);

export type MensagemRow = typeof mensagens.$inferSelect;
