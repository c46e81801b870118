import {
  classificarGlicose,
  GLICOSE_MESSAGES,
  type GlicoseCreate,
  type GlicoseHistorico,
  type GlicoseUpdate,
  type GlicoseView,
  type HistoricoQuery,
  INDICADOR_MESSAGES,
  temDiabetes,
} from '@pulso/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { doencas, glicoses, user_doencas } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import { isUniqueViolation } from '../telemedicina/index.ts';
import { leituraSpec, paginaDeLeituras } from './indicadores.shared.ts';

/**
 * Capillary glucose readings (docs/indicators-and-score.md "Glucose";
 * docs/api/indicadores-score-profissional.md "Indicators"): one reading per day
 * (`data_afericao`) and period (`time_of_day` 1 Café, 2 Almoço, 3 Janta,
 * 4 Após as 22 Horas), held by the unique index
 * `glicoses_user_day_period_unique`.
 */

/** A stored glucose reading as answered, its category from `value` (`classificarGlicose`). */
export const GLICOSE_LEITURAS = leituraSpec({
  table: glicoses,
  columns: {
    id: glicoses.id,
    value: glicoses.value,
    time_of_day: glicoses.time_of_day,
    data_afericao: glicoses.data_afericao,
    time_afericao: glicoses.time_afericao,
  },
  toView: (row): GlicoseView => ({ ...row, status: classificarGlicose(row.value) }),
});

/** What a glucose save did: inserted a new reading or updated the day and period's one. */
export type GlicoseAcao = 'inserido' | 'atualizado';

/**
 * Saves a glucose reading of the actor (`POST /api/home/glicose`): `value`
 * mg/dL, `time_of_day` 1–4; `status` is `classificarGlicose`. When the actor
 * already has a reading for that day and period it is updated (value, time,
 * status); otherwise one is inserted. One `INSERT … ON CONFLICT DO UPDATE`
 * on the unique index, so concurrent saves of one day and period never make
 * two rows nor fail; `acao` tells which happened (`xmax = 0` on a row the
 * statement inserted).
 */
export async function saveGlicose(
  db: Db,
  actor: Actor,
  input: GlicoseCreate,
): Promise<{ acao: GlicoseAcao; glicose: GlicoseView }> {
  const status = classificarGlicose(input.value);
  const [row] = await db
    .insert(glicoses)
    .values({
      user_id: actor.userId,
      value: input.value,
      time_of_day: input.time_of_day,
      status,
      data_afericao: input.data_afericao,
      time_afericao: input.time_afericao,
    })
    .onConflictDoUpdate({
      target: [glicoses.user_id, glicoses.data_afericao, glicoses.time_of_day],
      set: { value: input.value, status, time_afericao: input.time_afericao, updated_at: sql`now()` },
    })
    .returning({ ...GLICOSE_LEITURAS.columns, inserido: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('glicose not saved');
  const { inserido, ...glicose } = row;
  return { acao: inserido === true ? 'inserido' : 'atualizado', glicose: GLICOSE_LEITURAS.toView(glicose) };
}

/**
 * Changes one of the actor's glucose readings (`PATCH /api/home/glicose/:id`,
 * docs/api/indicadores-score-profissional.md "Indicators" `{index, value, data_afericao,
 * time_afericao}`; `index` is the period 1–4). Errors: 404 'Medição não
 * encontrada' when the id is not one of the actor's readings (another's is
 * never revealed); 409 `GLICOSE_MESSAGES.conflito` when another of the actor's
 * readings already holds the new day and period (the unique index decides, so
 * it holds under concurrency too).
 */
export async function updateGlicose(
  db: Db,
  actor: Actor,
  id: number,
  input: GlicoseUpdate,
): Promise<GlicoseView> {
  try {
    const [row] = await db
      .update(glicoses)
      .set({
        value: input.value,
        time_of_day: input.index,
        status: classificarGlicose(input.value),
        data_afericao: input.data_afericao,
        time_afericao: input.time_afericao,
        updated_at: sql`now()`,
      })
      .where(and(eq(glicoses.id, id), eq(glicoses.user_id, actor.userId)))
      .returning(GLICOSE_LEITURAS.columns);
    if (!row) throw notFound(INDICADOR_MESSAGES.notFound);
    return GLICOSE_LEITURAS.toView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, GLICOSE_MESSAGES.conflito);
    throw error;
  }
}

/** Whether 'Diabetes' is among the user's conditions (/saude checklist; `temDiabetes`). */
export async function userTemDiabetes(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ nome: doencas.nome })
    .from(user_doencas)
    .innerJoin(doencas, eq(doencas.id, user_doencas.doenca_id))
    .where(eq(user_doencas.user_id, userId));
  return temDiabetes(rows);
}

/**
 * A page of the actor's glucose readings, latest first, how many there are,
 * and whether 'Diabetes' is among their conditions (`GET /api/home/glicose`).
 */
export async function listGlicose(db: Db, actor: Actor, query: HistoricoQuery): Promise<GlicoseHistorico> {
  const [{ items, total }, diabetes] = await Promise.all([
    paginaDeLeituras(db, GLICOSE_LEITURAS, actor.userId, query),
    userTemDiabetes(db, actor.userId),
  ]);
  return { glicose: items, total, diabetes };
}
