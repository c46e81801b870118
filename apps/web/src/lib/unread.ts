import {
  type ChatRole,
  type MensagemFrom,
  nextUnread,
  type ServerToClientEvents,
  type UnreadEvent,
} from '@pulso/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api.ts';
import { type UserResponse, userQueryKey, useUser } from './auth.tsx';
import { onRealtimeRefused, useRealtimeEvent, useRealtimeReconnect } from './realtime.ts';

/**
 * Query keys the unread counter's events make stale: the telemedicine lists
 * that show per-doctor and per-session unread counts (`['telemedicina', …]`)
 * and the doctor area's (`['medico-area', …]`). The chat page keeps its own
 * data up to date from the same events.
 */
export const UNREAD_LIST_KEYS = [['telemedicina'], ['medico-area']] as const;

/** The side of a session a role writes from (`mensagens.from`): U the patient, M the doctor. */
export function sideOf(role: ChatRole): MensagemFrom {
  return role === 'paciente' ? 'U' : 'M';
}

const roles = new Map<number, ChatRole>();
const resolving = new Map<number, Promise<ChatRole | null>>();
/** Message ids already counted: `+id` raised the counter, `-id` lowered it. Events and local reads both arrive. */
const counted = new Set<string>();

/**
 * Records which side of session `atendimentoId` the signed-in user is on,
 * learnt from any answer that tells it (the chat's `role`, a patient's list
 * of sessions with a doctor, the doctor area's lists). The unread counter
 * needs it: an account may be a patient in one session and the doctor in another.
 */
export function rememberAtendimentoRole(atendimentoId: number, role: ChatRole): void {
  roles.set(atendimentoId, role);
}

/** Forgets every role and counted message (a new session starts). */
export function forgetUnreadState(): void {
  roles.clear();
  resolving.clear();
  counted.clear();
}

/**
 * The user's side of a session: remembered, or asked once with
 * `GET /api/telemedicina/atendimento/:id` (which answers `role`); `null`
 * when the session cannot be read.
 */
async function roleOf(atendimentoId: number): Promise<ChatRole | null> {
  const known = roles.get(atendimentoId);
  if (known) return known;
  let pending = resolving.get(atendimentoId);
  if (!pending) {
    pending = api
      .get<{ role: ChatRole }>(`/telemedicina/atendimento/${atendimentoId}`)
      .then(({ role }) => {
        roles.set(atendimentoId, role);
        return role;
      })
      .catch(() => null)
      .finally(() => resolving.delete(atendimentoId));
    resolving.set(atendimentoId, pending);
  }
  return pending;
}

/**
 * Moves the cached `GET /api/user` `mensagens` by one event
 * (docs/architecture.md "Unread counter": up on sent, down on deleted or
 * read, never below 0), once per message and direction.
 */
function move(queryClient: QueryClient, mensagemId: number, event: UnreadEvent): void {
  const mark = `${event === 'message.sent' ? '+' : '-'}${mensagemId}`;
  if (counted.has(mark)) return;
  counted.add(mark);
  queryClient.setQueryData<UserResponse>(userQueryKey, (old) =>
    old ? { ...old, mensagens: nextUnread(old.mensagens, event) } : old,
  );
}

/**
 * Lowers the counter for a message the user just marked read
 * (`PUT /api/telemedicina/mensagem/:id`); the `message.read` event that
 * follows does not lower it twice.
 */
export function noteMensagemRead(queryClient: QueryClient, mensagemId: number): void {
  move(queryClient, mensagemId, 'message.read');
}

function refreshLists(queryClient: QueryClient): void {
  for (const queryKey of UNREAD_LIST_KEYS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
}

/**
 * Keeps the unread-messages badge of the Telemedicina tab live
 * (docs/architecture.md "Unread counter"; issue 6): the count comes from
 * `GET /api/user` (`mensagens`) and moves with the realtime events about
 * messages *addressed to this user* — a message from the other side of a
 * session the user is in. The user's side of each session is remembered
 * ({@link rememberAtendimentoRole}) or asked once. After a reconnection
 * (events may have been missed) the count is read again. Mount it once per
 * shell.
 */
export function useUnreadRealtime(): void {
  const queryClient = useQueryClient();
  const userId = useUser().data?.user.id;

  useEffect(() => {
    onRealtimeRefused(() => void queryClient.invalidateQueries({ queryKey: userQueryKey }));
  }, [queryClient]);

  // Another account signing in on this browser must not inherit the last one's roles.
  useEffect(() => {
    if (userId === undefined) return;
    return () => forgetUnreadState();
  }, [userId]);

  const addressedToMe = async (atendimentoId: number, from: MensagemFrom) => {
    const role = await roleOf(atendimentoId);
    return role !== null && sideOf(role) !== from;
  };

  const onSent: ServerToClientEvents['message.sent'] = ({ atendimento_id, mensagem }) => {
    refreshLists(queryClient);
    void addressedToMe(atendimento_id, mensagem.from).then((mine) => {
      if (mine) move(queryClient, mensagem.id, 'message.sent');
    });
  };
  const onDeleted: ServerToClientEvents['message.deleted'] = ({ atendimento_id, id, from, was_unread }) => {
    refreshLists(queryClient);
    if (!was_unread) return;
    void addressedToMe(atendimento_id, from).then((mine) => {
      if (mine) move(queryClient, id, 'message.deleted');
    });
  };
  const onRead: ServerToClientEvents['message.read'] = ({ atendimento_id, id, from }) => {
    refreshLists(queryClient);
    void addressedToMe(atendimento_id, from).then((mine) => {
      if (mine) move(queryClient, id, 'message.read');
    });
  };
  const onUpdated: ServerToClientEvents['atendimento.updated'] = ({ atendimento }) => {
    const mine = atendimento.paciente.id === userId;
    if (userId !== undefined) rememberAtendimentoRole(atendimento.id, mine ? 'paciente' : 'medico');
    refreshLists(queryClient);
    // A doctor answered one of the user's requests (only `aceitar` and `recusar` send A or R):
    // one more answer not opened yet on the badge.
    if (mine && (atendimento.status === 'A' || atendimento.status === 'R')) {
      queryClient.setQueryData<UserResponse>(userQueryKey, (old) =>
        old ? { ...old, respostas: (old.respostas ?? 0) + 1 } : old,
      );
    }
  };

  useRealtimeEvent('message.sent', onSent);
  useRealtimeEvent('message.deleted', onDeleted);
  useRealtimeEvent('message.read', onRead);
  useRealtimeEvent('atendimento.updated', onUpdated);
  useRealtimeEvent('atendimento.ended', () => refreshLists(queryClient));
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    refreshLists(queryClient);
  });
}

/**
 * Called by the screens that show a doctor's answer (the session's chat, the
 * doctor's profile with a refusal's reason) with whether it is shown and the
 * time of its data (`dataUpdatedAt`): each read of that screen from the
 * server marks the answer seen (docs/api/telemedicina.md "The patient's
 * requests"), so, when the badge counts an answer, the badge and the
 * /telemedicina alert are read again — also when the answer arrives while
 * the screen is open and the screen is read again.
 */
export function useAnswerShown(shown: boolean, dataUpdatedAt: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Read from the cache the shell keeps: this screen does not ask for the user itself.
    const respostas = queryClient.getQueryData<UserResponse>(userQueryKey)?.respostas ?? 0;
    if (!shown || dataUpdatedAt === 0 || respostas === 0) return;
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    void queryClient.invalidateQueries({ queryKey: [...UNREAD_LIST_KEYS[0], 'home'] });
  }, [shown, dataUpdatedAt, queryClient]);
}
