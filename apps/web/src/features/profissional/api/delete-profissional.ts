import type { ProfissionalAnswer, ProfissionalDeleted } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profissionalQueryKey } from './get-profissional.ts';

/**
 * `DELETE /api/profissional` (docs/codes.md "Once registered": only the whole
 * record can be deleted) → `{message, profissional: null}`; the cache then
 * holds `null`.
 */
export function useDeleteProfissional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<ProfissionalDeleted>('/profissional'),
    onSuccess: () => {
      queryClient.setQueryData<ProfissionalAnswer>(profissionalQueryKey, { profissional: null });
    },
  });
}
