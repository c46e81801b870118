import { pageTitles, paths } from '../../../lib/paths.ts';
import type { IndicadorKind } from '../api/indicadores-api.ts';

/** The screens of one indicator: entry and history, their titles, and the name of the way to the entry. */
export interface IndicadorTelas {
  /** Title of the entry screen. */
  titulo: string;
  /** Title of the history screen (and its chart's name). */
  historicoTitulo: string;
  entrada: string;
  historico: string;
  /** Name of the links to the entry screen, on the hub and on the history. */
  registrar: string;
}

/** Each indicator's screens (docs/indicators-and-score.md "Indicators", "Histories"). */
export const TELAS: Record<IndicadorKind, IndicadorTelas> = {
  pressao: {
    titulo: pageTitles.indicadorPressao,
    historicoTitulo: pageTitles.indicadorPressaoHistorico,
    entrada: paths.indicadorPressao,
    historico: paths.indicadorPressaoHistorico,
    registrar: 'Registrar pressão',
  },
  imc: {
    titulo: pageTitles.indicadorImc,
    historicoTitulo: pageTitles.indicadorImcHistorico,
    entrada: paths.indicadorImc,
    historico: paths.indicadorImcHistorico,
    registrar: 'Registrar IMC',
  },
  oxigenacao: {
    titulo: pageTitles.indicadorOxigenacao,
    historicoTitulo: pageTitles.indicadorOxigenacaoHistorico,
    entrada: paths.indicadorOxigenacao,
    historico: paths.indicadorOxigenacaoHistorico,
    registrar: 'Registrar oxigenação',
  },
  glicose: {
    titulo: pageTitles.indicadorGlicose,
    historicoTitulo: pageTitles.indicadorGlicoseHistorico,
    entrada: paths.indicadorGlicose,
    historico: paths.indicadorGlicoseHistorico,
    registrar: 'Registrar glicose',
  },
};
