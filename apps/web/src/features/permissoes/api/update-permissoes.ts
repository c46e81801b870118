import type { Permissoes } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { consentimentosQueryKey } from './get-consentimentos.ts';
import { type PermissoesResponse, permissoesQueryKey } from './get-permissoes.ts';

/** Answer of both PUTs: the pt-BR success message and the saved permissions. */
export interface PermissoesSaveResponse {
  message: string;
  permissoes: Permissoes;
}

/**
 * What one change sends: `PUT /api/permissoes {saude}`, `PUT
 * /api/permissoes/timeline {timeline}`, or `PUT /api/permissoes/emergencia
 * {endereco}` / `{emergencia_saude}` (what the Emergency tab adds for anyone).
 */
export type PermissoesChange =
  | { saude: number }
  | { timeline: boolean }
  | { endereco: boolean }
  | { emergencia_saude: boolean };

function routeOf(change: PermissoesChange): string {
  if ('saude' in change) return '/permissoes';
  if ('timeline' in change) return '/permissoes/timeline';
  return '/permissoes/emergencia';
}

/**
 * Saves one change of /permissoes at once (docs/authorization.md "Who sees
 * what through the code"). Optimistic: the cached permissions take the change
 * before the request leaves, so the control answers immediately; on failure
 * they go back to what they were (the caller shows the server's message); on
 * success the answer's permissions are the truth.
 */
export function useUpdatePermissoes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PermissoesChange) => api.put<PermissoesSaveResponse>(routeOf(change), change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: permissoesQueryKey });
      const previous = queryClient.getQueryData<PermissoesResponse>(permissoesQueryKey);
      if (previous) {
        queryClient.setQueryData<PermissoesResponse>(permissoesQueryKey, {
          permissoes: { ...previous.permissoes, ...change },
        });
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(permissoesQueryKey, context.previous);
    },
    onSuccess: ({ permissoes }) => {
      queryClient.setQueryData<PermissoesResponse>(permissoesQueryKey, { permissoes });
      // The change is the newest entry of the consent history.
      void queryClient.invalidateQueries({ queryKey: consentimentosQueryKey });
    },
  });
}
