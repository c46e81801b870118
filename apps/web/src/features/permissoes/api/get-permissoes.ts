import type { Permissoes } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Answer of `GET /api/permissoes` (docs/api/saude-and-permissoes.md). */
export interface PermissoesResponse {
  permissoes: Permissoes;
}

/** Query key of the signed-in patient's permissions. */
export const permissoesQueryKey = ['permissoes'] as const;

/**
 * `GET /api/permissoes` → `{permissoes: {saude 1–4, timeline, endereco,
 * emergencia_saude}}` (docs/authorization.md "Who sees what through the code").
 */
export function usePermissoes() {
  return useQuery({
    queryKey: permissoesQueryKey,
    queryFn: ({ signal }) => api.get<PermissoesResponse>('/permissoes', signal),
  });
}
