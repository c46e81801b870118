import { type HistoricoQuery, INDICADOR_MESSAGES, INT4_MAX, isLocked } from '@pulso/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { glicoses, imcs, oxigenacoes, pressoes } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { loadCaller } from '../timeline/index.ts';

/**
 * What the four indicator services share: the history order, counting, reading one indicator's
 * history, the trial lock, reading ids.
 */

/** A table of readings: each has the owner, the day and the time it was measured. */
type IndicadorTable = typeof pressoes | typeof imcs | typeof oxigenacoes | typeof glicoses;

/**
 * Order of every history (docs/indicators-and-score.md "Histories", `compareAfericaoDesc`): day, then time,
 * then the reading saved last, descending.
 */
export function ordemAfericaoDesc(t: IndicadorTable) {
  return [desc(t.data_afericao), desc(t.time_afericao), desc(t.id)] as const;
}

/** How many readings the user holds in `t`. */
async function contarLeituras(db: Db, t: IndicadorTable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t).where(eq(t.user_id, userId));
  return Number(row?.n ?? 0);
}

/**
 * One indicator as its history is read: its table, the columns a reading is answered with, and the
 * reading as answered from those columns (its category recomputed by the current rules).
 */
export interface LeituraSpec<C extends SelectedFields, V> {
  table: IndicadorTable;
  columns: C;
  toView: (row: SelectResultFields<C>) => V;
}

/** A {@link LeituraSpec}, its row type inferred from its columns. */
export function leituraSpec<C extends SelectedFields, V>(spec: LeituraSpec<C, V>): LeituraSpec<C, V> {
  return spec;
}

/**
 * The user's readings of one indicator, latest first ({@link ordemAfericaoDesc}): `limit` of them
 * after the first `offset` (0 unless given), as answered.
 */
export async function lerLeituras<C extends SelectedFields, V>(
  db: Db,
  spec: LeituraSpec<C, V>,
  userId: number,
  { offset = 0, limit }: { offset?: number; limit: number },
): Promise<V[]> {
  const rows = await db
    .select(spec.columns as SelectedFields)
    .from(spec.table)
    .where(eq(spec.table.user_id, userId))
    .orderBy(...ordemAfericaoDesc(spec.table))
    .offset(offset)
    .limit(limit);
  // The rows are what `spec.columns` selects: drizzle cannot follow a generic selection through the query.
  return (rows as SelectResultFields<C>[]).map(spec.toView);
}

/** A page of the user's history of one indicator (`GET /api/home/<indicador>`): the readings and how many there are. */
export async function paginaDeLeituras<C extends SelectedFields, V>(
  db: Db,
  spec: LeituraSpec<C, V>,
  userId: number,
  query: HistoricoQuery,
): Promise<{ items: V[]; total: number }> {
  const [items, total] = await Promise.all([
    lerLeituras(db, spec, userId, query),
    contarLeituras(db, spec.table, userId),
  ]);
  return { items, total };
}

/**
 * Refuses the indicator writes of a locked caller (trial over, no plan, not
 * corporate: docs/accounts.md "Trial and locked accounts"); reads stay allowed.
 * Errors: 403 `{message: 'Seu período gratuito de 1 mês terminou.'}`; 401 when
 * the account is gone.
 */
export async function assertPodeRegistrar(db: Db, actor: Actor): Promise<void> {
  if (isLocked(await loadCaller(db, actor))) throw forbidden(INDICADOR_MESSAGES.locked);
}

/**
 * A reading id from a path (`:id`): a positive whole number that fits a
 * PostgreSQL `integer`. Errors: 404 'Medição não encontrada' for anything else
 * (a malformed id names no reading).
 */
export function leituraId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > INT4_MAX) throw notFound(INDICADOR_MESSAGES.notFound);
  return id;
}
