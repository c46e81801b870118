import { randomInt } from 'node:crypto';
import { PASS_ALPHABET, PASS_LENGTH } from '@pulso/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  atendimentos,
  clinicas,
  creditos,
  especialidades,
  medico_clinicas,
  medico_crms,
  medico_especialidades,
  medicos,
  passes,
  planos,
  subscriptions,
} from '../db/schema/index.ts';
import { searchKey } from '../db/search-key.ts';
import { createPatient, nextSequence } from './factories.ts';
import type { TestApp } from './harness.ts';

/**
 * Test factories of telemedicine (docs/telemedicine.md): doctors and their
 * clinics, what pays for a session (plans, credits, passes), and sessions.
 * Accounts and patient data: factories.ts.
 */

/**
 * Makes an account a doctor by inserting its `medicos` row, with one CRM
 * and, by name, specialties and clinics (clinics are created in the doctor's
 * city when missing). Status 2 (disponível) unless given; `suporte` makes it
 * the support pseudo-doctor. Registers a new account through the API unless
 * `account` is given.
 */
export async function createDoctor(
  t: TestApp,
  options: {
    account?: Awaited<ReturnType<typeof createPatient>>;
    name?: string;
    crm?: { numero: string; uf: string };
    especialidades?: string[];
    suspended?: boolean;
    /** IBGE id of the doctor's city. */
    cidade_id?: number;
    /** Clinic names; each is found or created in `cidade_id`. */
    clinicas?: string[];
    suporte?: boolean;
    /** 2 disponível (default), 1 ocupado, 0 offline. */
    status?: number;
    verified?: boolean;
  } = {},
) {
  const account = options.account ?? (await createPatient(t.app, options.name ? { name: options.name } : {}));
  const db = t.database.db;
  const [medico] = await db
    .insert(medicos)
    .values({
      user_id: account.user.id,
      busca: searchKey(account.user.name),
      status: options.status ?? 2,
      suporte: options.suporte ?? false,
      cidade_id: options.cidade_id ?? null,
      verified_at: options.verified ? new Date() : null,
      suspended_at: options.suspended ? new Date() : null,
    })
    .returning({ id: medicos.id });
  if (!medico) throw new Error('doctor not created');
  const crm = options.crm ?? { numero: String(100000 + nextSequence()), uf: 'SP' };
  await db.insert(medico_crms).values({ medico_id: medico.id, ...crm });
  for (const nome of options.especialidades ?? []) {
    const [row] = await db
      .select({ id: especialidades.id })
      .from(especialidades)
      .where(eq(especialidades.nome, nome));
    if (!row) throw new Error(`unknown specialty ${nome}`);
    await db.insert(medico_especialidades).values({ medico_id: medico.id, especialidade_id: row.id });
  }
  for (const nome of options.clinicas ?? []) {
    const clinicaId = await createClinica(db, nome, options.cidade_id ?? null);
    await db.insert(medico_clinicas).values({ medico_id: medico.id, clinica_id: clinicaId });
  }
  return { ...account, medicoId: medico.id, crm };
}

/** A clinic by name in a city, created when missing; answers its id. */
export async function createClinica(db: Db, nome: string, cidadeId: number | null = null): Promise<number> {
  const busca = searchKey(nome);
  const [found] = await db
    .select({ id: clinicas.id })
    .from(clinicas)
    .where(
      and(
        eq(clinicas.busca, busca),
        cidadeId === null ? isNull(clinicas.cidade_id) : eq(clinicas.cidade_id, cidadeId),
      ),
    );
  if (found) return found.id;
  const [row] = await db
    .insert(clinicas)
    .values({ nome, busca, cidade_id: cidadeId })
    .returning({ id: clinicas.id });
  if (!row) throw new Error('clinic not created');
  return row.id;
}

/**
 * Subscribes a patient to a plan (issue 8 sells them): a `planos` row of
 * `tipo` (1 includes teleconsultations) and `periodo` (M, A), and a
 * subscription whose current period is `[start, end)` — by default the
 * month (or year) around now. Answers the subscription's id.
 */
export async function subscribe(
  db: Db,
  userId: number,
  options: { tipo?: number; periodo?: 'M' | 'A'; start?: Date; end?: Date } = {},
): Promise<number> {
  const periodo = options.periodo ?? 'M';
  const [plano] = await db
    .insert(planos)
    .values({
      nome: 'Meu Prontuário',
      preco: periodo === 'M' ? 790 : 7900,
      periodo,
      tipo: options.tipo ?? 1,
    })
    .returning({ id: planos.id });
  if (!plano) throw new Error('plan not created');
  const start = options.start ?? new Date(Date.now() - 24 * 3600 * 1000);
  const end = options.end ?? new Date(start.getTime() + (periodo === 'M' ? 30 : 365) * 24 * 3600 * 1000);
  const [sub] = await db
    .insert(subscriptions)
    .values({ user_id: userId, plano_id: plano.id, current_period_start: start, current_period_end: end })
    .returning({ id: subscriptions.id });
  if (!sub) throw new Error('subscription not created');
  return sub.id;
}

/** Gives a patient `n` unused single-session credits (issue 8 sells them); answers their ids. */
export async function giveCreditos(db: Db, userId: number, n = 1): Promise<number[]> {
  const rows = await db
    .insert(creditos)
    .values(Array.from({ length: n }, () => ({ user_id: userId })))
    .returning({ id: creditos.id });
  return rows.map((r) => r.id);
}

/** A single-use pass issued by a doctor; `code` canonical (8 characters of `PASS_ALPHABET`). */
export async function createPass(
  db: Db,
  medicoId: number,
  code?: string,
): Promise<{ id: number; code: string }> {
  const value =
    code ??
    Array.from({ length: PASS_LENGTH }, () => PASS_ALPHABET[randomInt(PASS_ALPHABET.length)]).join('');
  const [row] = await db
    .insert(passes)
    .values({ medico_id: medicoId, code: value })
    .returning({ id: passes.id, code: passes.code });
  if (!row) throw new Error('pass not created');
  return row;
}

/**
 * A care session between a patient and a doctor in `status` (P, A, R, E,
 * ET), straight into the table; `extra` sets other columns (pagamento,
 * last_message_at…). An A session's `accepted_at` and `last_message_at`
 * default to now, an E/ET session's `ended_at` too.
 */
export async function createAtendimento(
  db: Db,
  userId: number,
  medicoId: number,
  status: string,
  extra: Partial<typeof atendimentos.$inferInsert> = {},
): Promise<number> {
  const now = new Date();
  const started = status === 'A' || status === 'E' || status === 'ET';
  const [row] = await db
    .insert(atendimentos)
    .values({
      user_id: userId,
      medico_id: medicoId,
      status,
      motivo: 'Dor de cabeça',
      accepted_at: started ? now : null,
      last_message_at: started ? now : null,
      ended_at: status === 'E' || status === 'ET' ? now : null,
      ...extra,
    })
    .returning({ id: atendimentos.id });
  if (!row) throw new Error('atendimento not created');
  return row.id;
}
