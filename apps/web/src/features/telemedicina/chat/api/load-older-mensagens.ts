import type { AtendimentoChat, MensagemView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { withOlder } from './chat-cache.ts';
import { chatQueryKey } from './get-atendimento-chat.ts';

/** Answer of `GET /api/telemedicina/atendimento/:id/mensagens?before=`: an older page, oldest first. */
export interface MensagensPage {
  mensagens: MensagemView[];
  has_more: boolean;
}

/**
 * 'Carregar mensagens anteriores': `GET /api/telemedicina/atendimento/:id/mensagens?before=<id>`
 * with the oldest message shown; the page goes in front of the cached chat.
 */
export function useLoadOlderMensagens(atendimentoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (beforeId: number) =>
      api.get<MensagensPage>(`/telemedicina/atendimento/${atendimentoId}/mensagens?before=${beforeId}`),
    onSuccess: ({ mensagens, has_more }) => {
      queryClient.setQueryData<AtendimentoChat>(chatQueryKey(atendimentoId), (old) =>
        old ? withOlder(old, mensagens, has_more) : old,
      );
    },
  });
}
