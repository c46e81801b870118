import type { ScoreCategoria, ScoreQuestionsAnswer } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of one category's questionnaire. */
export const scoreQuestionsQueryKey = (categoria: ScoreCategoria) =>
  ['score', 'questions', categoria] as const;

/**
 * `GET /api/questions?categoria=` → `{scoreQuestions, quizQuestions}`
 * (docs/api/indicadores-score-profissional.md "Score"): the category's questions served in some
 * quiz, in order; an empty list when it has none. Not asked until a category
 * is chosen.
 */
export function useScoreQuestions(categoria: ScoreCategoria | null) {
  return useQuery({
    queryKey: scoreQuestionsQueryKey(categoria ?? 'Saúde Mental'),
    enabled: categoria !== null,
    queryFn: ({ signal }) =>
      api.get<ScoreQuestionsAnswer>(`/questions?categoria=${encodeURIComponent(categoria ?? '')}`, signal),
  });
}
