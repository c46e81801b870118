import type { AtendimentoChat } from '@pulso/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { rememberAtendimentoRole } from '../../../../lib/unread.ts';
import { mergeChat } from './chat-cache.ts';

/** Query key of one chat (not under `['telemedicina']`: the lists' invalidations leave it alone). */
export function chatQueryKey(id: number) {
  return ['chat', id] as const;
}

/**
 * The files' signed URLs last about 15 minutes: the chat is read again well
 * before, so an image or PDF opened on a chat left open keeps working.
 */
export const CHAT_REFRESH_MS = 10 * 60_000;

/**
 * A care session's chat (`GET /api/telemedicina/atendimento/:id`,
 * docs/api/telemedicina.md "Chat (both sides)") for its patient or its doctor:
 * `{user, medico, paciente, atendimento, mensagens (latest page, oldest first),
 * has_more, lock, role}`. A new read keeps the older messages already loaded.
 * 404 'Atendimento não encontrado' for anyone else (not retried). The caller's
 * `role` is remembered for the unread counter.
 */
export function useAtendimentoChat(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatQueryKey(id),
    queryFn: async ({ signal }) => {
      const fresh = await api.get<AtendimentoChat>(`/telemedicina/atendimento/${id}`, signal);
      rememberAtendimentoRole(id, fresh.role);
      return mergeChat(queryClient.getQueryData<AtendimentoChat>(chatQueryKey(id)), fresh);
    },
    staleTime: 0,
    refetchInterval: CHAT_REFRESH_MS,
    // Realtime events keep it current; a reconnection reads it again.
    refetchOnWindowFocus: false,
  });
}
