import type { AtendimentoChat } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { withoutMensagem } from './chat-cache.ts';
import { chatQueryKey } from './get-atendimento-chat.ts';

/**
 * Deletes one's own message (docs/telemedicine.md "Deleting and reading"):
 * `DELETE /api/telemedicina/mensagem/:id` → `{mensagem: {id}}`, removed from
 * the cached chat. Errors: 403 not the author ('Você só pode excluir suas
 * próprias mensagens.') or the session not active, 404.
 */
export function useDeleteMensagem(atendimentoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mensagemId: number) =>
      api.delete<{ mensagem: { id: number } }>(`/telemedicina/mensagem/${mensagemId}`),
    onSuccess: ({ mensagem }) => {
      queryClient.setQueryData<AtendimentoChat>(chatQueryKey(atendimentoId), (old) =>
        old ? withoutMensagem(old, mensagem.id) : old,
      );
    },
  });
}
