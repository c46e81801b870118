import type { AtendimentoChat } from '@pulso/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { noteMensagemRead } from '../../../../lib/unread.ts';
import { withRead } from './chat-cache.ts';
import { chatQueryKey } from './get-atendimento-chat.ts';

/**
 * Marks a message from the other side read once it is shown
 * (docs/telemedicine.md "Deleting and reading":
 * `PUT /api/telemedicina/mensagem/{id}`, "without a loading indicator") →
 * `{mensagem: {id, read_at}}`: the cached chat and the unread counter follow.
 * A failure is left silent: the message stays unread and counts as such.
 */
export async function markMensagemRead(
  queryClient: QueryClient,
  atendimentoId: number,
  mensagemId: number,
): Promise<void> {
  try {
    const { mensagem } = await api.put<{ mensagem: { id: number; read_at: string } }>(
      `/telemedicina/mensagem/${mensagemId}`,
    );
    queryClient.setQueryData<AtendimentoChat>(chatQueryKey(atendimentoId), (old) =>
      old ? withRead(old, mensagem.id, mensagem.read_at) : old,
    );
    noteMensagemRead(queryClient, mensagem.id);
  } catch {
    // Read again on the next visit.
  }
}
