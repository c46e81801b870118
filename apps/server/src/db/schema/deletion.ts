import { char, date, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Codes of erased accounts (docs/account-deletion.md "The code"): the personal code and every code it
 * replaced. Nothing links them to anyone; they only keep the code undrawable forever (db/codes.ts
 * `takenCodes`), so that a sticker still in the world never opens someone else's data.
 */
export const retired_codes = pgTable('retired_codes', {
  code: char('code', { length: 8 }).primaryKey(),
  retired_at: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an erased patient's doctors wrote, kept for the medical-record retention of the privacy policy
 * (docs/account-deletion.md "What is kept and why": CFM 1.821/2007, Lei 13.787/2018): the patient's
 * identification (`nome`, `nascimento`, `sexo`) and `registros`, a JSON document of the care sessions
 * (doctor, dates, the doctor's messages) and the timeline records doctors added. No route reads it; it is
 * answered to a legal request only. Erased with its files after `guardar_ate` (20 years from the last record).
 */
export const retained_records = pgTable(
  'retained_records',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 255 }).notNull(),
    nascimento: date('nascimento', { mode: 'string' }),
    sexo: char('sexo', { length: 1 }),
    registros: jsonb('registros').notNull(),
    ultimo_registro_em: timestamp('ultimo_registro_em', { withTimezone: true }).notNull(),
    guardar_ate: timestamp('guardar_ate', { withTimezone: true }).notNull(),
    excluido_em: timestamp('excluido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('retained_records_guardar_idx').on(t.guardar_ate)],
);

/** The stored files a {@link retained_records} row keeps (what its doctors sent or attached), by storage key. */
export const retained_record_files = pgTable(
  'retained_record_files',
  {
    file_key: varchar('file_key', { length: 200 }).primaryKey(),
    retained_record_id: integer('retained_record_id')
      .notNull()
      .references(() => retained_records.id, { onDelete: 'cascade' }),
  },
  (t) => [index('retained_record_files_record_idx').on(t.retained_record_id)],
);

/**
 * Stored files whose rows are gone and which are still to be deleted from storage
 * (docs/account-deletion.md "Files"): written in the transaction that deletes the rows, removed once the
 * storage confirmed the deletion, so a failed delete is retried at the next run and no file is lost track of.
 */
export const storage_deletions = pgTable('storage_deletions', {
  file_key: varchar('file_key', { length: 200 }).primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
