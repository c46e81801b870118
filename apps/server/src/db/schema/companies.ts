import { boolean, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Companies whose invited employees get corporate (`empresarial`) accounts
 * (docs/accounts.md "Corporate accounts").
 */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 255 }).notNull(),
  cnpj: varchar('cnpj', { length: 14 }),
  active: boolean('active').notNull().default(true),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
