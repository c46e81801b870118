import type { ProfissionalAnswer } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of the signed-in user's emergency-professional credential. */
export const profissionalQueryKey = ['profissional'] as const;

/**
 * `GET /api/profissional` → `{profissional}`: the caller's credential
 * (`{id, tipo, numero, documento, status, created_at}`, `documento` a signed
 * URL valid 15–16 minutes) or `null` (docs/api/indicadores-score-profissional.md "Emergency professional").
 * Refetched after 10 minutes so the photo's URL never runs out on screen.
 */
export function useProfissional() {
  return useQuery({
    queryKey: profissionalQueryKey,
    queryFn: ({ signal }) => api.get<ProfissionalAnswer>('/profissional', signal),
    refetchInterval: 10 * 60 * 1000,
  });
}
