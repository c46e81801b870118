import type { ScoreResultCreate, ScoreResultCreated } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { scoreResultsQueryKey } from './get-score-results.ts';

/**
 * Sends one questionnaire with `POST /api/score/result {categoria, respostas:
 * [{question_id, alternativa}], pontuacao}`
 * (docs/indicators-and-score.md "Scoring"; docs/api/indicadores-score-profissional.md "Score"):
 * `alternativa` is the chosen position (0-based) or `null` (0 points);
 * `pontuacao` the client's sum, which the server checks against its own (422
 * when they differ). Answers 201 `{message, result}`; the results are read
 * again afterwards.
 */
export function useCreateScoreResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScoreResultCreate) => api.post<ScoreResultCreated>('/score/result', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scoreResultsQueryKey });
    },
  });
}
