import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

/**
 * What the export holds, table by table, in one place (docs/data-export.md "What the ZIP holds"):
 * {@link EXPORTED} reads each table the patient's rows live in, under the table's own name and with
 * its own column names; {@link LEFT_OUT} names every other table that points at an account, with
 * why. The test `exportacao.tables.test.ts` fails when a table pointing at `users` is in neither
 * list, so a new table cannot be forgotten.
 */

/** A row as read: column names as in the database. */
export type Row = Record<string, unknown>;

/** Every column of `table` but `omit` (secrets, card data, push keys, internal search text). */
function columnsOf<T extends PgTable>(table: T, omit: readonly string[] = []) {
  const all = getTableColumns(table) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(all).filter(([name]) => !omit.includes(name))) as ReturnType<
    typeof getTableColumns<T>
  >;
}

const {
  users,
  cidades,
  user_doencas,
  doencas,
  consent_events,
  timeline_items,
  timeline_anexos,
  pressoes,
  imcs,
  oxigenacoes,
  glicoses,
  score_results,
  atendimentos,
  mensagens,
  medicos,
  subscriptions,
  planos,
  creditos,
  payments,
  payment_customers,
  qrcode_orders,
  devices,
  sessions,
  code_access_logs,
  shl_links,
  replaced_codes,
  virgin_codes,
  profissionais,
  denuncias,
} = schema;

/**
 * Columns never exported, per table: what would let someone act as the patient, reach their devices
 * or charge them (hashes of secrets, push subscriptions, the provider's ids, card details), and internal
 * copies or staff notes (the search text, `denuncias.nota`). docs/data-export.md "dados.json".
 */
export const OMITTED_COLUMNS = {
  users: ['password_hash'],
  sessions: ['token_hash'],
  timeline_items: ['busca', 'search_vector', 'lexemas'],
  devices: ['firebase_token', 'endpoint'],
  payment_customers: [
    'customer_id',
    'payment_method_id',
    'card_brand',
    'card_last4',
    'card_exp_month',
    'card_exp_year',
  ],
  payments: ['idempotency_key'],
  denuncias: ['nota'],
  // The link's capability and the ciphertext: the list says what was shared, with whom and until when.
  shl_links: ['manifest_id', 'passcode_hash', 'jwe'],
} as const satisfies Record<string, readonly string[]>;

/** One exported table: its rows for the patient `userId`, oldest first. */
interface Exported {
  rows(db: Db, userId: number): Promise<Row[]>;
}

/** The tables read, in the order `dados.json` lists them; each key is the table's name. */
export const EXPORTED = {
  user_doencas: {
    rows: (db, userId) =>
      db
        .select({ doenca_id: user_doencas.doenca_id, nome: doencas.nome })
        .from(user_doencas)
        .innerJoin(doencas, eq(doencas.id, user_doencas.doenca_id))
        .where(eq(user_doencas.user_id, userId))
        .orderBy(asc(doencas.nome)),
  },
  consent_events: {
    rows: (db, userId) =>
      db
        .select()
        .from(consent_events)
        .where(eq(consent_events.user_id, userId))
        .orderBy(asc(consent_events.id)),
  },
  timeline_items: {
    rows: (db, userId) =>
      db
        .select(columnsOf(timeline_items, OMITTED_COLUMNS.timeline_items))
        .from(timeline_items)
        .where(eq(timeline_items.user_id, userId))
        .orderBy(asc(timeline_items.data), asc(timeline_items.id)),
  },
  timeline_anexos: {
    rows: (db, userId) =>
      db
        .select(getTableColumns(timeline_anexos))
        .from(timeline_anexos)
        .innerJoin(timeline_items, eq(timeline_items.id, timeline_anexos.timeline_item_id))
        .where(eq(timeline_items.user_id, userId))
        .orderBy(asc(timeline_anexos.id)),
  },
  pressoes: {
    rows: (db, userId) =>
      db.select().from(pressoes).where(eq(pressoes.user_id, userId)).orderBy(asc(pressoes.id)),
  },
  imcs: {
    rows: (db, userId) => db.select().from(imcs).where(eq(imcs.user_id, userId)).orderBy(asc(imcs.id)),
  },
  oxigenacoes: {
    rows: (db, userId) =>
      db.select().from(oxigenacoes).where(eq(oxigenacoes.user_id, userId)).orderBy(asc(oxigenacoes.id)),
  },
  glicoses: {
    rows: (db, userId) =>
      db.select().from(glicoses).where(eq(glicoses.user_id, userId)).orderBy(asc(glicoses.id)),
  },
  score_results: {
    rows: (db, userId) =>
      db.select().from(score_results).where(eq(score_results.user_id, userId)).orderBy(asc(score_results.id)),
  },
  atendimentos: {
    rows: (db, userId) =>
      db
        .select({ ...getTableColumns(atendimentos), medico_nome: users.name })
        .from(atendimentos)
        .innerJoin(medicos, eq(medicos.id, atendimentos.medico_id))
        .innerJoin(users, eq(users.id, medicos.user_id))
        .where(eq(atendimentos.user_id, userId))
        .orderBy(asc(atendimentos.id)),
  },
  mensagens: {
    rows: (db, userId) =>
      db
        .select(getTableColumns(mensagens))
        .from(mensagens)
        .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimento_id))
        .where(eq(atendimentos.user_id, userId))
        .orderBy(asc(mensagens.id)),
  },
  subscriptions: {
    rows: (db, userId) =>
      db
        .select({ ...getTableColumns(subscriptions), plano_nome: planos.nome })
        .from(subscriptions)
        .innerJoin(planos, eq(planos.id, subscriptions.plano_id))
        .where(eq(subscriptions.user_id, userId))
        .orderBy(asc(subscriptions.id)),
  },
  creditos: {
    rows: (db, userId) =>
      db.select().from(creditos).where(eq(creditos.user_id, userId)).orderBy(asc(creditos.id)),
  },
  payments: {
    rows: (db, userId) =>
      db
        .select(columnsOf(payments, OMITTED_COLUMNS.payments))
        .from(payments)
        .where(eq(payments.user_id, userId))
        .orderBy(asc(payments.id)),
  },
  payment_customers: {
    rows: (db, userId) =>
      db
        .select(columnsOf(payment_customers, OMITTED_COLUMNS.payment_customers))
        .from(payment_customers)
        .where(eq(payment_customers.user_id, userId)),
  },
  qrcode_orders: {
    rows: (db, userId) =>
      db.select().from(qrcode_orders).where(eq(qrcode_orders.user_id, userId)).orderBy(asc(qrcode_orders.id)),
  },
  devices: {
    rows: (db, userId) =>
      db
        .select(columnsOf(devices, OMITTED_COLUMNS.devices))
        .from(devices)
        .where(eq(devices.user_id, userId))
        .orderBy(asc(devices.id)),
  },
  sessions: {
    rows: (db, userId) =>
      db
        .select(columnsOf(sessions, OMITTED_COLUMNS.sessions))
        .from(sessions)
        .where(eq(sessions.user_id, userId))
        .orderBy(asc(sessions.id)),
  },
  code_access_logs: {
    rows: (db, userId) =>
      db
        .select()
        .from(code_access_logs)
        .where(eq(code_access_logs.user_id, userId))
        .orderBy(asc(code_access_logs.id)),
  },
  shl_links: {
    rows: (db, userId) =>
      db
        .select(columnsOf(shl_links, OMITTED_COLUMNS.shl_links))
        .from(shl_links)
        .where(eq(shl_links.user_id, userId))
        .orderBy(asc(shl_links.id)),
  },
  replaced_codes: {
    rows: (db, userId) =>
      db
        .select()
        .from(replaced_codes)
        .where(eq(replaced_codes.user_id, userId))
        .orderBy(asc(replaced_codes.replaced_at)),
  },
  virgin_codes: {
    rows: (db, userId) =>
      db
        .select({ code: virgin_codes.code, claimed_at: virgin_codes.claimed_at })
        .from(virgin_codes)
        .where(eq(virgin_codes.claimed_by, userId)),
  },
  profissionais: {
    rows: (db, userId) => db.select().from(profissionais).where(eq(profissionais.user_id, userId)),
  },
  denuncias: {
    rows: (db, userId) =>
      db
        .select(columnsOf(denuncias, OMITTED_COLUMNS.denuncias))
        .from(denuncias)
        .where(eq(denuncias.user_id, userId))
        .orderBy(asc(denuncias.id)),
  },
} satisfies Record<string, Exported>;

/** Tables that point at an account and are not exported, with why (docs/data-export.md "What is left out"). */
export const LEFT_OUT: Record<string, string> = {
  users: 'exported as `usuario`, one object',
  account_tokens: 'single-use e-mail links, stored only as hashes: nothing the patient can use',
  timeline_daily_adds: "a counter of records others added per day (the cap's bookkeeping)",
  medicos: "a doctor's professional profile, not the patient's record",
  medico_bloqueios: "a doctor's own decision to stop taking requests from a patient",
  passes: "a doctor's single-use passes; the one a session used is `atendimentos.pass_id`",
  company_invitations: "the company's invitations; the account's company is `usuario.company_id`",
  staff: "staff roles, not the patient's record",
  audit_log: "staff's actions log, kept for the company's accountability",
  sticker_batches: 'admin batches of blank stickers; a claimed code is under `virgin_codes`',
  code_alerts: 'the alert job state (when the last alert went out), derived from `code_access_logs`',
  timeline_totals: 'how many records the timeline holds, counted from `timeline`',
  data_exports: 'these very requests',
};

/**
 * Columns other than `user_id` that point at an account in an exported table, read by the patient's
 * own rows only: records this account added to someone else's timeline (`timeline_items.terceiro_id`)
 * or a code it opened (`code_access_logs.viewer_id`) are the other patient's record.
 */
export const OTHER_ACCOUNT_COLUMNS = ['timeline_items.terceiro_id', 'code_access_logs.viewer_id'] as const;

/**
 * The patient's own `users` row (every column but {@link OMITTED_COLUMNS}.users) with its city's name
 * and state (`cidade_nome`, `cidade_uf`), or `null`.
 */
export async function userRow(db: Db, userId: number): Promise<Row | null> {
  const [row] = await db
    .select({ ...columnsOf(users, OMITTED_COLUMNS.users), cidade_nome: cidades.nome, cidade_uf: cidades.uf })
    .from(users)
    .leftJoin(cidades, eq(cidades.id, users.cidade_id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The name and e-mail the job mails (docs/data-export.md "The job"). */
export async function ownerContact(db: Db, userId: number): Promise<{ name: string; email: string } | null> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
