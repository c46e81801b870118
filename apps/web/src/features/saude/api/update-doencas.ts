import type { DoencasUpdate, DoencaView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type SaudeResponse, saudeQueryKey } from './get-saude.ts';

/**
 * `PUT /api/doencas {doencas: [{id, checked}]}` (docs/api/saude-and-permissoes.md): the answer's checklist replaces the one of
 * `['saude']`, and the indicators are read again (the glucose screens classify by 'Diabetes'). 422 answers carry
 * `errors.doencas`.
 */
export function useUpdateDoencas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DoencasUpdate) =>
      api.put<{ doencas: DoencaView[]; message: string }>('/doencas', body),
    onSuccess: ({ doencas }) => {
      queryClient.setQueryData<SaudeResponse>(saudeQueryKey, (old) => old && { ...old, doencas });
      // Every indicator query starts with 'indicadores' (features/indicadores/api): the glucose ones read 'Diabetes'.
      void queryClient.invalidateQueries({ queryKey: ['indicadores'] });
    },
  });
}
