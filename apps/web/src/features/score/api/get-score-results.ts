import type { ScoreResultsAnswer } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of the caller's results; sending a questionnaire invalidates it. */
export const scoreResultsQueryKey = ['score', 'results'] as const;

/**
 * `GET /api/score/result` → `{pointsScore: [{categoria, pontuacao, faixa,
 * created_at, historico}], media: {pontuacao, faixa, respondidas}}`
 * (docs/api/indicadores-score-profissional.md "Score"): the latest result of each category (all
 * `null` when never answered) with up to 6 earlier ones, oldest first, and the
 * general average (2 decimals, a missing category counting 0). Read afresh on
 * every visit.
 */
export function useScoreResults() {
  return useQuery({
    queryKey: scoreResultsQueryKey,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<ScoreResultsAnswer>('/score/result', signal),
  });
}
