import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

/**
 * Brazilian municipalities; `id` is the 7-digit IBGE code. `busca` is the
 * lower-case, accent-free name used by the trigram search.
 */
export const cidades = pgTable(
  'cidades',
  {
    id: integer('id').primaryKey(),
    nome: varchar('nome', { length: 120 }).notNull(),
    uf: char('uf', { length: 2 }).notNull(),
    busca: varchar('busca', { length: 120 }).notNull(),
  },
  (t) => [index('cidades_busca_trgm').using('gin', sql`${t.busca} gin_trgm_ops`)],
);

/** Medical specialties recognised by the CFM (Resolução CFM nº 2.330/2023). */
export const especialidades = pgTable('especialidades', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 120 }).notNull().unique(),
});
