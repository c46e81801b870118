import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Health tips of /dicas (docs/indicators-and-score.md "Tips and FAQ": title, content), in `ordem`; seeded,
 * edited by staff (issue 9).
 */
export const dicas = pgTable('dicas', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  content: text('content').notNull(),
  ordem: integer('ordem').notNull().default(0),
  ativo: boolean('ativo').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Questions and answers of /faqs (docs/indicators-and-score.md "Tips and FAQ"), in `ordem`; seeded, edited by
 * staff (issue 9).
 */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: varchar('question', { length: 300 }).notNull(),
  answer: text('answer').notNull(),
  ordem: integer('ordem').notNull().default(0),
  ativo: boolean('ativo').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Score questions (docs/indicators-and-score.md "Health score": id, questoes,
 * alternativas with texto and pontos). `categoria`: 'Saúde Mental', 'Saúde
 * Física', 'Qualidade de Vida'. `alternativas` is a JSON list
 * `[{texto, pontos}]`.
 */
export const score_questions = pgTable(
  'score_questions',
  {
    id: serial('id').primaryKey(),
    categoria: varchar('categoria', { length: 40 }).notNull(),
    questoes: text('questoes').notNull(),
    alternativas: jsonb('alternativas').$type<{ texto: string; pontos: number }[]>().notNull(),
    ordem: smallint('ordem').notNull().default(0),
  },
  (t) => [index('score_questions_categoria_idx').on(t.categoria, t.ordem)],
);

/**
 * Quizzes (docs/indicators-and-score.md "Health score": `id_questions`, a JSON list of question ids); only
 * questions in some quiz are served.
 */
export const score_quizzes = pgTable('score_quizzes', {
  id: serial('id').primaryKey(),
  categoria: varchar('categoria', { length: 40 }).notNull(),
  id_questions: jsonb('id_questions').$type<number[]>().notNull(),
});

/**
 * Score results (docs/indicators-and-score.md "Health score": categoria, pontuacao 0–100), a history per
 * user; the latest per category is shown.
 */
export const score_results = pgTable(
  'score_results',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoria: varchar('categoria', { length: 40 }).notNull(),
    pontuacao: smallint('pontuacao').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('score_results_user_idx').on(t.user_id, t.categoria, t.created_at)],
);
