import type { ConsentimentoView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Answer of `GET /api/permissoes/consentimentos`: the latest entries, newest first, and how many there are. */
export interface ConsentimentosResponse {
  consentimentos: ConsentimentoView[];
  total: number;
}

/** Query key of the consent history (read again after each change of a permission). */
export const consentimentosQueryKey = ['consentimentos'] as const;

/** The signed-in patient's consent history (docs/authorization.md "Consent history"). */
export function useConsentimentos() {
  return useQuery({
    queryKey: consentimentosQueryKey,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<ConsentimentosResponse>('/permissoes/consentimentos', signal),
  });
}
