import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { especialidades } from './reference.ts';
import { medicos, users } from './users.ts';

/** A doctor's CRM registrations: number and the state (UF) of the regional council. */
export const medico_crms = pgTable(
  'medico_crms',
  {
    id: serial('id').primaryKey(),
    medico_id: integer('medico_id')
      .notNull()
      .references(() => medicos.id, { onDelete: 'cascade' }),
    numero: varchar('numero', { length: 10 }).notNull(),
    uf: char('uf', { length: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('medico_crms_numero_uf_unique').on(t.numero, t.uf),
    index('medico_crms_medico_idx').on(t.medico_id),
  ],
);

/** A doctor's specialties (CFM list in `especialidades`). */
export const medico_especialidades = pgTable(
  'medico_especialidades',
  {
    medico_id: integer('medico_id')
      .notNull()
      .references(() => medicos.id, { onDelete: 'cascade' }),
    especialidade_id: integer('especialidade_id')
      .notNull()
      .references(() => especialidades.id),
  },
  (t) => [primaryKey({ columns: [t.medico_id, t.especialidade_id] })],
);

/**
 * Care sessions between a patient and a doctor
 * (docs/telemedicine.md "Request states"; issue 6). `status`: P pendente, A
 * aceito, R recusado, E encerrado, ET encerrado por inatividade. A doctor
 * with a session in A, E or ET is one of the patient's doctors
 * (docs/authorization.md "Who sees what through the code"). `pagamento` says
 * what paid for it (suporte, pass, plano, credito); `pass_id` / `credito_id`
 * the pass or credit it consumed (given back when the doctor refuses).
 * `last_message_at` drives the inactivity job
 * (docs/api/telemedicina.md "Ending a session and inactivity"): it is set on
 * acceptance and on every message. A patient has at most one P or A session
 * with each doctor (`atendimentos_open_unique`). `resposta_vista` is false
 * from the doctor's answer (accepted, refused) until the patient opens it
 * (the session, or the doctor's profile for a refusal): the patient's alert
 * and badge (docs/api/telemedicina.md "The patient's requests"). Sessions made
 * before it count as seen.
 */
export const atendimentos = pgTable(
  'atendimentos',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    medico_id: integer('medico_id')
      .notNull()
      .references(() => medicos.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 2 }).notNull().default('P'),
    motivo: text('motivo'),
    pagamento: varchar('pagamento', { length: 10 }).notNull().default('suporte'),
    pass_id: integer('pass_id'),
    credito_id: integer('credito_id'),
    recusado_motivo: smallint('recusado_motivo'),
    recusado_comentario: text('recusado_comentario'),
    resposta_vista: boolean('resposta_vista').notNull().default(true),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('atendimentos_medico_user_idx').on(t.medico_id, t.user_id),
    index('atendimentos_user_idx').on(t.user_id, t.created_at),
    index('atendimentos_medico_status_idx').on(t.medico_id, t.status, t.created_at),
    index('atendimentos_active_idx').on(t.last_message_at).where(sql`${t.status} = 'A'`),
    // The patient's requests still to hear of: pending, or answered and not yet seen.
    index('atendimentos_paciente_aviso_idx')
      .on(t.user_id)
      .where(sql`${t.status} = 'P' or ${t.resposta_vista} = false`),
    // One open (P or A) session per patient and doctor, also under concurrent requests (issue 6).
    uniqueIndex('atendimentos_open_unique').on(t.user_id, t.medico_id).where(sql`${t.status} in ('P', 'A')`),
  ],
);
