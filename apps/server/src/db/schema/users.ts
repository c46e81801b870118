import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { cidades } from './reference.ts';

/**
 * Patients' accounts and their emergency data
 * (docs/accounts.md "Emergency data"). Column names are the wire names
 * (docs/data-model.md "Conventions"). `updated_at` is the last edit of the emergency data shown on /home;
 * `code` is the canonical personal code (docs/codes.md "Personal code").
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    password_hash: text('password_hash').notNull(),
    code: char('code', { length: 8 }).notNull(),
    avatar: varchar('avatar', { length: 80 }),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    newsletter: boolean('newsletter').notNull().default(false),
    terms_accepted_at: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    empresarial: boolean('empresarial').notNull().default(false),
    // Corporate link (issue 3): set when registering through a company invitation.
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    // Closing the account deactivates it (issue 3): no login, no public view.
    is_active: boolean('is_active').notNull().default(true),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    // "Excluir minha conta e meus dados" asked at this instant (docs/account-deletion.md): the account is closed
    // and erased 7 days later unless its owner signs in before.
    exclusao_solicitada_em: timestamp('exclusao_solicitada_em', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // pessoal
    telefone: varchar('telefone', { length: 11 }),
    contato: varchar('contato', { length: 255 }),
    contato_telefone: varchar('contato_telefone', { length: 11 }),
    contato_relacao: char('contato_relacao', { length: 1 }),
    // caracteristicas: peso kg (1 decimal), altura m (2 decimals)
    peso: numeric('peso', { precision: 4, scale: 1, mode: 'number' }),
    altura: numeric('altura', { precision: 3, scale: 2, mode: 'number' }),
    cor: smallint('cor'),
    olhos: smallint('olhos'),
    sinal: varchar('sinal', { length: 500 }),
    // geral
    nascimento: date('nascimento', { mode: 'string' }),
    sexo: char('sexo', { length: 1 }),
    sangue: smallint('sangue'),
    endereco: varchar('endereco', { length: 255 }),
    bairro: varchar('bairro', { length: 255 }),
    cidade_id: integer('cidade_id').references(() => cidades.id),
    complemento: varchar('complemento', { length: 255 }),
    // outras
    doador: char('doador', { length: 1 }),
    adicional: text('adicional'),
    // saude (My Health; never in the public view unless the patient allows it, issue 4)
    alergias: varchar('alergias', { length: 2000 }),
    problemas: varchar('problemas', { length: 2000 }),
    medicamentos: varchar('medicamentos', { length: 2000 }),
    tratamento: varchar('tratamento', { length: 2000 }),
    protese: varchar('protese', { length: 2000 }),
    sus: varchar('sus', { length: 15 }),
    // hospitalar
    convenio_empresa: varchar('convenio_empresa', { length: 255 }),
    convenio_numero: varchar('convenio_numero', { length: 40 }),
    hospital: varchar('hospital', { length: 255 }),
    // The patient's registered doctor, chosen by autocomplete; one of "their doctors"
    // (docs/authorization.md "Who sees what through the code").
    medico_id: integer('medico_id').references((): AnyPgColumn => medicos.id, { onDelete: 'set null' }),
    medico_name: varchar('medico_name', { length: 255 }),
    medico_crm: varchar('medico_crm', { length: 30 }),
    medico_especialidade: varchar('medico_especialidade', { length: 120 }),
    // permissoes (docs/authorization.md "Who sees what through the code"): who reads My Health
    // (1 only me … 4 anyone), whether the timeline is shown through the code, and what the
    // Emergency tab adds for anyone: the street address, the allergies strip. Off until the
    // patient turns them on, for the accounts made before these switches too.
    permissoes_saude: smallint('permissoes_saude').notNull().default(2),
    permissoes_timeline: boolean('permissoes_timeline').notNull().default(false),
    permissoes_endereco: boolean('permissoes_endereco').notNull().default(false),
    permissoes_emergencia_saude: boolean('permissoes_emergencia_saude').notNull().default(false),
    // Alerts when someone else opens the code (docs/code-alerts.md): by Web Push, by e-mail. On by default.
    alertas_push: boolean('alertas_push').notNull().default(true),
    alertas_email: boolean('alertas_email').notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_code_unique').on(t.code),
    // The erasure job's look-up of the accounts whose grace has passed.
    index('users_exclusao_idx')
      .on(t.exclusao_solicitada_em)
      .where(sql`${t.exclusao_solicitada_em} is not null`),
  ],
);

/**
 * Sign-in sessions: one row per issued bearer token, stored only as the
 * SHA-256 hex of the token (docs/auth-security.md "Sessions").
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: char('token_hash', { length: 64 }).notNull(),
    user_agent: varchar('user_agent', { length: 255 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.token_hash),
    index('sessions_user_id_idx').on(t.user_id),
  ],
);

/**
 * Doctor profiles (docs/telemedicine.md "Doctors"), here beside `users`
 * because each table points at the other (`medicos.user_id`; the patient's
 * registered doctor, `users.medico_id`). Every
 * account is a `users` row; a doctor account is one that also has a row
 * here, so the name and avatar are the account's. `busca` is the lower-case,
 * accent-free name the autocomplete searches. A doctor with `suspended_at`
 * set is not listed and counts as no doctor anywhere (issue 9).
 * `status`: 2 disponível, 1 ocupado, 0 offline.
 */
export const medicos = pgTable(
  'medicos',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    busca: varchar('busca', { length: 255 }).notNull(),
    status: smallint('status').notNull().default(0),
    suporte: boolean('suporte').notNull().default(false),
    cidade_id: integer('cidade_id').references(() => cidades.id),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    suspended_at: timestamp('suspended_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('medicos_user_unique').on(t.user_id),
    index('medicos_busca_trgm').using('gin', sql`${t.busca} gin_trgm_ops`),
  ],
);
