import {
  classificarPressao,
  type HistoricoQuery,
  type PressaoCreate,
  type PressaoHistorico,
  type PressaoView,
} from '@pulso/domain';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { pressoes } from '../../db/schema/index.ts';
import { leituraSpec, paginaDeLeituras } from './indicadores.shared.ts';

/**
 * Blood pressure readings (docs/indicators-and-score.md "Blood pressure";
 * docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/pressao`): `sis` and
 * `dia` mmHg from the client, the category always the server's.
 */

/** A blood pressure reading as answered, its category from `sis` and `dia` (`classificarPressao`). */
export const PRESSAO_LEITURAS = leituraSpec({
  table: pressoes,
  columns: {
    id: pressoes.id,
    sis: pressoes.sis,
    dia: pressoes.dia,
    data_afericao: pressoes.data_afericao,
    time_afericao: pressoes.time_afericao,
  },
  toView: (row): PressaoView => ({ ...row, status: classificarPressao(row.sis, row.dia) }),
});

/**
 * Saves a blood pressure reading of the actor (`POST /api/home/pressao`,
 * docs/indicators-and-score.md "Blood pressure"): `sis`/`dia` mmHg as
 * validated by `pressaoCreateSchema`; `status` is `classificarPressao` (a
 * client's status is never read). Answers the stored reading.
 */
export async function createPressao(db: Db, actor: Actor, input: PressaoCreate): Promise<PressaoView> {
  const [row] = await db
    .insert(pressoes)
    .values({
      user_id: actor.userId,
      sis: input.sis,
      dia: input.dia,
      status: classificarPressao(input.sis, input.dia),
      data_afericao: input.data_afericao,
      time_afericao: input.time_afericao,
    })
    .returning(PRESSAO_LEITURAS.columns);
  if (!row) throw new Error('pressao not inserted');
  return PRESSAO_LEITURAS.toView(row);
}

/** A page of the actor's blood pressure readings, latest first, and how many there are (`GET /api/home/pressao`). */
export async function listPressao(db: Db, actor: Actor, query: HistoricoQuery): Promise<PressaoHistorico> {
  const { items, total } = await paginaDeLeituras(db, PRESSAO_LEITURAS, actor.userId, query);
  return { pressao: items, total };
}
