import type { AtendimentoChat, MensagemView } from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAtendimentoRoom, useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime.ts';
import { withAtendimento, withMensagem, withoutMensagem, withRead } from './api/chat-cache.ts';
import { chatQueryKey } from './api/get-atendimento-chat.ts';
import { markMensagemRead } from './api/read-mensagem.ts';

/** Keeps the cached chat in step with the session's realtime events (docs/api/telemedicina.md "Realtime and push"). */
export function useChatRealtime(id: number, refetch: () => void) {
  const queryClient = useQueryClient();
  const update = (change: (chat: AtendimentoChat) => AtendimentoChat) =>
    queryClient.setQueryData<AtendimentoChat>(chatQueryKey(id), (old) => (old ? change(old) : old));
  const room = useAtendimentoRoom(id);
  useRealtimeEvent('message.sent', ({ atendimento_id, mensagem }) => {
    if (atendimento_id === id) update((chat) => withMensagem(chat, mensagem));
  });
  useRealtimeEvent('message.deleted', ({ atendimento_id, id: mensagemId }) => {
    if (atendimento_id === id) update((chat) => withoutMensagem(chat, mensagemId));
  });
  useRealtimeEvent('message.read', ({ atendimento_id, id: mensagemId, read_at }) => {
    if (atendimento_id === id) update((chat) => withRead(chat, mensagemId, read_at));
  });
  useRealtimeEvent('atendimento.ended', ({ atendimento_id, status }) => {
    if (atendimento_id === id)
      update((chat) =>
        withAtendimento(chat, { status, ended_at: chat.atendimento.ended_at ?? new Date().toISOString() }),
      );
  });
  useRealtimeEvent('atendimento.updated', ({ atendimento }) => {
    if (atendimento.id !== id) return;
    update((chat) => withAtendimento(chat, atendimento));
    // The doctor answered while the patient looks at the session: reading it again marks the answer seen.
    if (queryClient.getQueryData<AtendimentoChat>(chatQueryKey(id))?.role === 'paciente') refetch();
  });
  useRealtimeReconnect(refetch);
  return room;
}

/**
 * Marks each message from the other side read once it is on screen with the
 * page visible (docs/api/telemedicina.md "Chat (both sides)": `PUT /api/telemedicina/mensagem/{id}`, no loading
 * indicator), once per message.
 */
export function useReadMarking(id: number, mensagens: MensagemView[], mySide: 'U' | 'M' | null) {
  const queryClient = useQueryClient();
  const asked = useRef(new Set<number>());
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!visible || mySide === null) return;
    for (const mensagem of mensagens) {
      if (mensagem.from === mySide || mensagem.read_at !== null || asked.current.has(mensagem.id)) continue;
      asked.current.add(mensagem.id);
      void markMensagemRead(queryClient, id, mensagem.id);
    }
  }, [queryClient, id, mensagens, mySide, visible]);
}
