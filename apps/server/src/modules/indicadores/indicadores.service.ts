import {
  classificarOxigenacao,
  classificarPressao,
  type HistoricoQuery,
  HOME_INDICADORES_RECENTES,
  type HomeIndicadores,
  type OxigenacaoCreate,
  type OxigenacaoHistorico,
  type OxigenacaoView,
  type PressaoCreate,
  type PressaoHistorico,
  type PressaoView,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { glicoses, imcs, oxigenacoes, pressoes } from '../../db/schema/index.ts';
import { glicoseColumns, toGlicoseView } from './glicose.service.ts';
import { imcColumns, toImcView } from './imc.service.ts';
import { contarLeituras, ordemAfericaoDesc } from './indicadores.shared.ts';

/**
 * The health indicators a patient logs
 * (docs/indicators-and-score.md "Indicators";
 * docs/accounts.md "Trial and locked accounts"; issue 7): blood pressure and
 * oxygen here, BMI in `imc.service.ts`, glucose in `glicose.service.ts`. Every
 * reading belongs to the caller (the user comes from the session, never from
 * the request), so no one reads or changes another's readings. Every
 * classification is computed here from `packages/domain`, never taken from a
 * client, and is recomputed from the stored values when a reading is answered
 * (the stored `status` is what the rules said when it was saved; the answer
 * always follows the current rules).
 */

// ---------------------------------------------------------------- blood pressure

const pressaoColumns = {
  id: pressoes.id,
  sis: pressoes.sis,
  dia: pressoes.dia,
  data_afericao: pressoes.data_afericao,
  time_afericao: pressoes.time_afericao,
};

function toPressaoView(row: {
  id: number;
  sis: number;
  dia: number;
  data_afericao: string;
  time_afericao: string;
}): PressaoView {
  return { ...row, status: classificarPressao(row.sis, row.dia) };
}

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
    .returning(pressaoColumns);
  if (!row) throw new Error('pressao not inserted');
  return toPressaoView(row);
}

/** A page of the actor's blood pressure readings, latest first, and how many there are (`GET /api/home/pressao`). */
export async function listPressao(db: Db, actor: Actor, query: HistoricoQuery): Promise<PressaoHistorico> {
  const [rows, total] = await Promise.all([
    db
      .select(pressaoColumns)
      .from(pressoes)
      .where(eq(pressoes.user_id, actor.userId))
      .orderBy(...ordemAfericaoDesc(pressoes))
      .offset(query.offset)
      .limit(query.limit),
    contarLeituras(db, pressoes, actor.userId),
  ]);
  return { pressao: rows.map(toPressaoView), total };
}

// ---------------------------------------------------------------- oxygen

const oxigenacaoColumns = {
  id: oxigenacoes.id,
  saturacao: oxigenacoes.saturacao,
  bpm: oxigenacoes.bpm,
  data_afericao: oxigenacoes.data_afericao,
  time_afericao: oxigenacoes.time_afericao,
};

function toOxigenacaoView(row: {
  id: number;
  saturacao: number;
  bpm: number;
  data_afericao: string;
  time_afericao: string;
}): OxigenacaoView {
  return { ...row, status: classificarOxigenacao(row.saturacao) };
}

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
    .returning(oxigenacaoColumns);
  if (!row) throw new Error('oxigenacao not inserted');
  return toOxigenacaoView(row);
}

/** A page of the actor's oxygen readings, latest first, and how many there are (`GET /api/home/oxigenacao`). */
export async function listOxigenacao(
  db: Db,
  actor: Actor,
  query: HistoricoQuery,
): Promise<OxigenacaoHistorico> {
  const [rows, total] = await Promise.all([
    db
      .select(oxigenacaoColumns)
      .from(oxigenacoes)
      .where(eq(oxigenacoes.user_id, actor.userId))
      .orderBy(...ordemAfericaoDesc(oxigenacoes))
      .offset(query.offset)
      .limit(query.limit),
    contarLeituras(db, oxigenacoes, actor.userId),
  ]);
  return { oxigenacao: rows.map(toOxigenacaoView), total };
}

// ---------------------------------------------------------------- GET /api/home

/**
 * The newest {@link HOME_INDICADORES_RECENTES} readings of each indicator of
 * the user, latest first (docs/api/indicadores-score-profissional.md "Indicators":
 * `GET /api/home` returns the user with pressao, indice_massa_corporal,
 * oxigenacao, glicose).
 */
export async function indicadoresRecentes(db: Db, userId: number): Promise<HomeIndicadores> {
  const n = HOME_INDICADORES_RECENTES;
  const [pressao, imc, oxigenacao, glicose] = await Promise.all([
    db
      .select(pressaoColumns)
      .from(pressoes)
      .where(eq(pressoes.user_id, userId))
      .orderBy(...ordemAfericaoDesc(pressoes))
      .limit(n),
    db
      .select(imcColumns)
      .from(imcs)
      .where(eq(imcs.user_id, userId))
      .orderBy(...ordemAfericaoDesc(imcs))
      .limit(n),
    db
      .select(oxigenacaoColumns)
      .from(oxigenacoes)
      .where(eq(oxigenacoes.user_id, userId))
      .orderBy(...ordemAfericaoDesc(oxigenacoes))
      .limit(n),
    db
      .select(glicoseColumns)
      .from(glicoses)
      .where(eq(glicoses.user_id, userId))
      .orderBy(...ordemAfericaoDesc(glicoses))
      .limit(n),
  ]);
  return {
    pressao: pressao.map(toPressaoView),
    indice_massa_corporal: imc.map(toImcView),
    oxigenacao: oxigenacao.map(toOxigenacaoView),
    glicose: glicose.map(toGlicoseView),
  };
}
