import type { AtendimentoChat, AtendimentoView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { withAtendimento } from './chat-cache.ts';
import { chatQueryKey } from './get-atendimento-chat.ts';

/**
 * The doctor ends a session (docs/telemedicine.md "Ending and inactivity";
 * issue 6): `PUT /api/medico/atendimento/:id/encerrar` → `{message:
 * 'Atendimento encerrado', atendimento}` (status E); the cached chat takes the
 * new session. Errors: 403 not this session's doctor or not active, 404.
 */
export function useEncerrarAtendimento(atendimentoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.put<{ message: string; atendimento: AtendimentoView }>(
        `/medico/atendimento/${atendimentoId}/encerrar`,
      ),
    onSuccess: ({ atendimento }) => {
      queryClient.setQueryData<AtendimentoChat>(chatQueryKey(atendimentoId), (old) =>
        old ? withAtendimento(old, atendimento) : old,
      );
    },
  });
}
