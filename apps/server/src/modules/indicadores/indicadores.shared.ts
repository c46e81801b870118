import { INDICADOR_MESSAGES, INT4_MAX, isLocked } from '@pulso/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { glicoses, imcs, oxigenacoes, pressoes } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { loadCaller } from '../timeline/timeline.service.ts';

/** What the four indicator services share: the history order, counting, the trial lock, reading ids. */

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
export async function contarLeituras(db: Db, t: IndicadorTable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t).where(eq(t.user_id, userId));
  return Number(row?.n ?? 0);
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
