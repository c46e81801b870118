import {
  classificarOxigenacao,
  type HistoricoQuery,
  type OxigenacaoCreate,
  type OxigenacaoHistorico,
  type OxigenacaoView,
} from '@pulso/domain';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { oxigenacoes } from '../../db/schema/index.ts';
import { leituraSpec, paginaDeLeituras } from './indicadores.shared.ts';

/**
 * Oxygen saturation readings (docs/indicators-and-score.md "Oxygen saturation";
 * docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/oxigenacao`): `saturacao`
 * % and `bpm` from the client, the category always the server's.
 */

/** An oxygen reading as answered, its category from `saturacao` (`classificarOxigenacao`). */
export const OXIGENACAO_LEITURAS = leituraSpec({
  table: oxigenacoes,
  columns: {
    id: oxigenacoes.id,
    saturacao: oxigenacoes.saturacao,
    bpm: oxigenacoes.bpm,
    data_afericao: oxigenacoes.data_afericao,
    time_afericao: oxigenacoes.time_afericao,
  },
  toView: (row): OxigenacaoView => ({ ...row, status: classificarOxigenacao(row.saturacao) }),
});

/**
 * Saves an oxygen reading of the actor (`POST /api/home/oxigenacao`,
 * docs/indicators-and-score.md "Oxygen saturation"): `saturacao` %
 * (50–100), `bpm` beats per minute; `status` is `classificarOxigenacao`.
 * Answers the stored reading.
 */
export async function createOxigenacao(
  db: Db,
  actor: Actor,
  input: OxigenacaoCreate,
): Promise<OxigenacaoView> {
  const [row] = await db
    .insert(oxigenacoes)
    .values({
      user_id: actor.userId,
      saturacao: input.saturacao,
      bpm: input.bpm,
      status: classificarOxigenacao(input.saturacao),
      data_afericao: input.data_afericao,
      time_afericao: input.time_afericao,
    })
    .returning(OXIGENACAO_LEITURAS.columns);
  if (!row) throw new Error('oxigenacao not inserted');
  return OXIGENACAO_LEITURAS.toView(row);
}

/** A page of the actor's oxygen readings, latest first, and how many there are (`GET /api/home/oxigenacao`). */
export async function listOxigenacao(
  db: Db,
  actor: Actor,
  query: HistoricoQuery,
): Promise<OxigenacaoHistorico> {
  const { items, total } = await paginaDeLeituras(db, OXIGENACAO_LEITURAS, actor.userId, query);
  return { oxigenacao: items, total };
}
