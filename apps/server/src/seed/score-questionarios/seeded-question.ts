import type { ScoreAlternativa } from '@pulso/domain';

/**
 * The shape of a seeded question of the health score's first questionnaires
 * (docs/indicators-and-score.md "Questionnaires"), and the alternatives
 * they share.
 */

/** A seeded question: its text, its alternatives in the order shown, and whether some quiz serves it. */
export interface SeededScoreQuestion {
  questoes: string;
  alternativas: ScoreAlternativa[];
  /**
   * `true`: kept out of every quiz (a draft), so `GET /api/questions` never serves it
   * (docs/indicators-and-score.md "Health score").
   */
  noQuiz?: true;
}

/** One alternative: its text and its points (0–10). */
export const a = (texto: string, pontos: number): ScoreAlternativa => ({ texto, pontos });

/** Frequency over the last two weeks, the good side first (10 … 0 points). */
export const frequenciaBoa = [
  a('Todo o tempo', 10),
  a('A maior parte do tempo', 8),
  a('Metade do tempo', 5),
  a('Algumas vezes', 3),
  a('Nunca', 0),
];

/** Frequency of something that weighs on health, the good side (never) first. */
export const frequenciaRuim = [
  a('Nunca', 10),
  a('Raramente', 8),
  a('Em alguns dias', 5),
  a('Em mais da metade dos dias', 3),
  a('Quase todos os dias', 0),
];
