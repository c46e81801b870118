import { TIME_ZONE } from '@pulso/domain';
import { and, count, countDistinct, eq, gt, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  atendimentos,
  denuncias,
  medicos,
  qrcode_orders,
  staff,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

/** How many weeks of sign-ups the dashboard charts. */
export const SEMANAS_NO_PAINEL = 12;

/** `GET /api/admin/painel` (issue 9 "Dashboard"). */
export interface Painel {
  /** Patient accounts (not doctors, not staff). */
  pacientes: number;
  /** Patients with a plan active now. */
  planos_ativos: number;
  /** Sticker orders not yet sent (status A). */
  pedidos_abertos: number;
  /** Teleconsultation requests waiting for a doctor (status P). */
  atendimentos_aguardando: number;
  /** Reports not resolved (aberta, em_analise). */
  denuncias_abertas: number;
  /** Patient sign-ups per week (weeks from Monday, America/Sao_Paulo), oldest first, the current one last. */
  cadastros_por_semana: { semana: string; cadastros: number }[];
}

/** The Monday (yyyy-mm-dd, America/Sao_Paulo) of the week holding `date`. */
export function mondayOf(date: Date): string {
  const local = new Date(date.toLocaleString('en-US', { timeZone: TIME_ZONE }));
  const back = (local.getDay() + 6) % 7;
  local.setDate(local.getDate() - back);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${p(local.getMonth() + 1)}-${p(local.getDate())}`;
}

/** The dashboard's counts at `now` (see {@link Painel}). */
export async function painel(db: Db, now: Date = new Date()): Promise<Painel> {
  const patient = and(isNull(medicos.id), isNull(staff.user_id));
  const patients = db
    .select({ id: users.id, created_at: users.created_at })
    .from(users)
    .leftJoin(medicos, eq(medicos.user_id, users.id))
    .leftJoin(staff, eq(staff.user_id, users.id))
    .where(patient)
    .as('patients');
  const [pacientes] = await db.select({ n: count() }).from(patients);
  const [planos] = await db
    .select({ n: countDistinct(subscriptions.user_id) })
    .from(subscriptions)
    .where(and(lte(subscriptions.current_period_start, now), gt(subscriptions.current_period_end, now)));
  const [pedidos] = await db.select({ n: count() }).from(qrcode_orders).where(eq(qrcode_orders.status, 'A'));
  const [aguardando] = await db.select({ n: count() }).from(atendimentos).where(eq(atendimentos.status, 'P'));
  const [abertas] = await db.select({ n: count() }).from(denuncias).where(ne(denuncias.status, 'resolvida'));

  // The weeks' Mondays, oldest first, then the sign-ups grouped by the Monday of their local date.
  const semanas: string[] = [];
  for (let i = SEMANAS_NO_PAINEL - 1; i >= 0; i -= 1) {
    semanas.push(mondayOf(new Date(now.getTime() - i * 7 * 86_400_000)));
  }
  const desde = new Date(now.getTime() - (SEMANAS_NO_PAINEL * 7 + 1) * 86_400_000);
  // The zone is a constant of ours, written into the SQL so the select and the group by are one expression.
  const semana = sql<string>`to_char(date_trunc('week', ${patients.created_at} at time zone '${sql.raw(TIME_ZONE)}'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ semana, n: count() })
    .from(patients)
    .where(gte(patients.created_at, desde))
    .groupBy(sql`1`);
  const porSemana = new Map(rows.map((r) => [r.semana, Number(r.n)]));
  return {
    pacientes: Number(pacientes?.n ?? 0),
    planos_ativos: Number(planos?.n ?? 0),
    pedidos_abertos: Number(pedidos?.n ?? 0),
    atendimentos_aguardando: Number(aguardando?.n ?? 0),
    denuncias_abertas: Number(abertas?.n ?? 0),
    cadastros_por_semana: semanas.map((s) => ({ semana: s, cadastros: porSemana.get(s) ?? 0 })),
  };
}
