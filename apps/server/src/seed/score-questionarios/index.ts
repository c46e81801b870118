import type { ScoreCategoria } from '@pulso/domain';
import { QUALIDADE_DE_VIDA } from './qualidade-de-vida.ts';
import { SAUDE_FISICA } from './saude-fisica.ts';
import { SAUDE_MENTAL } from './saude-mental.ts';
import type { SeededScoreQuestion } from './seeded-question.ts';

/** The health score's first questionnaires (docs/indicators-and-score.md "Questionnaires"), seeded by score.ts. */

/**
 * The three questionnaires (issue 7 "Health score"): ten questions per
 * category, each worth 0 to 10 points, so that a category's total runs
 * 0–100 and a higher score means better health habits and well-being.
 * Written as a careful health professional would ask a patient about their
 * last two weeks or their routine (mood, stress, sleep, activity, eating,
 * tobacco and alcohol, pain, relationships, leisure, work, safety, access
 * to care), after Brazilian public-health guidance (Guia Alimentar para a
 * População Brasileira, Guia de Atividade Física para a População
 * Brasileira); never a diagnosis. 'Qualidade de Vida' carries an 11th
 * question in no quiz, which is never served.
 */
export const SCORE_QUESTIONARIOS: Record<ScoreCategoria, readonly SeededScoreQuestion[]> = {
  'Saúde Mental': SAUDE_MENTAL,
  'Saúde Física': SAUDE_FISICA,
  'Qualidade de Vida': QUALIDADE_DE_VIDA,
};
