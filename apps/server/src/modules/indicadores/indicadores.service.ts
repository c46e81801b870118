import { HOME_INDICADORES_RECENTES, type HomeIndicadores } from '@pulso/domain';
import type { Db } from '../../db/client.ts';
import { GLICOSE_LEITURAS } from './glicose.service.ts';
import { IMC_LEITURAS } from './imc.service.ts';
import { lerLeituras } from './indicadores.shared.ts';
import { OXIGENACAO_LEITURAS } from './oxigenacao.service.ts';
import { PRESSAO_LEITURAS } from './pressao.service.ts';

/**
 * The health indicators a patient logs
 * (docs/indicators-and-score.md "Indicators";
 * docs/accounts.md "Trial and locked accounts"; issue 7): blood pressure in
 * `pressao.service.ts`, BMI in `imc.service.ts`, oxygen in
 * `oxigenacao.service.ts`, glucose in `glicose.service.ts`. Every reading
 * belongs to the caller (the user comes from the session, never from the
 * request), so no one reads or changes another's readings. Every
 * classification is computed from `packages/domain`, never taken from a
 * client, and is recomputed from the stored values when a reading is answered
 * (the stored `status` is what the rules said when it was saved; the answer
 * always follows the current rules).
 */

/**
 * The newest {@link HOME_INDICADORES_RECENTES} readings of each indicator of
 * the user, latest first (docs/api/indicadores-score-profissional.md "Indicators":
 * `GET /api/home` returns the user with pressao, indice_massa_corporal,
 * oxigenacao, glicose).
 */
export async function indicadoresRecentes(db: Db, userId: number): Promise<HomeIndicadores> {
  const recentes = { limit: HOME_INDICADORES_RECENTES };
  const [pressao, indice_massa_corporal, oxigenacao, glicose] = await Promise.all([
    lerLeituras(db, PRESSAO_LEITURAS, userId, recentes),
    lerLeituras(db, IMC_LEITURAS, userId, recentes),
    lerLeituras(db, OXIGENACAO_LEITURAS, userId, recentes),
    lerLeituras(db, GLICOSE_LEITURAS, userId, recentes),
  ]);
  return { pressao, indice_massa_corporal, oxigenacao, glicose };
}
