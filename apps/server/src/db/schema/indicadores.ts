import {
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Health indicators a patient logs (docs/indicators-and-score.md "Indicators").
 * Each reading has the day and time it was measured (`data_afericao`
 * `YYYY-MM-DD`, `time_afericao` `HH:mm`, America/Sao_Paulo) and its
 * classification as computed by the server from `packages/domain` (`status`),
 * never as a client sent it. Issue 7.
 */

/** Blood pressure readings: `sis`/`dia` in mmHg. */
export const pressoes = pgTable(
  'pressoes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sis: smallint('sis').notNull(),
    dia: smallint('dia').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    data_afericao: date('data_afericao', { mode: 'string' }).notNull(),
    time_afericao: char('time_afericao', { length: 5 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pressoes_user_idx').on(t.user_id, t.data_afericao, t.time_afericao)],
);

/** BMI readings: `peso` kg (1 decimal), `altura` m used, `imc` kg/m² (1 decimal), `variacao_peso` kg against the previous reading. */
export const imcs = pgTable(
  'imcs',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    peso: numeric('peso', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    altura: numeric('altura', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    imc: numeric('imc', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    variacao_peso: numeric('variacao_peso', { precision: 4, scale: 1, mode: 'number' }),
    status: varchar('status', { length: 20 }).notNull(),
    data_afericao: date('data_afericao', { mode: 'string' }).notNull(),
    time_afericao: char('time_afericao', { length: 5 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imcs_user_idx').on(t.user_id, t.data_afericao, t.time_afericao)],
);

/** Oxygen saturation readings: `saturacao` %, `bpm` beats per minute. */
export const oxigenacoes = pgTable(
  'oxigenacoes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    saturacao: smallint('saturacao').notNull(),
    bpm: smallint('bpm').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    data_afericao: date('data_afericao', { mode: 'string' }).notNull(),
    time_afericao: char('time_afericao', { length: 5 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oxigenacoes_user_idx').on(t.user_id, t.data_afericao, t.time_afericao)],
);

/**
 * Glucose readings: `value` mg/dL, `time_of_day` 1 Café, 2 Almoço, 3 Janta,
 * 4 Após as 22 Horas. One reading per day and period
 * (docs/indicators-and-score.md "Glucose"): the unique index makes a second
 * one an update.
 */
export const glicoses = pgTable(
  'glicoses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    time_of_day: smallint('time_of_day').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    data_afericao: date('data_afericao', { mode: 'string' }).notNull(),
    time_afericao: char('time_afericao', { length: 5 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('glicoses_user_day_period_unique').on(t.user_id, t.data_afericao, t.time_of_day)],
);
