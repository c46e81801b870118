import type { AtendimentoChat, AtendimentoView, MensagemView } from '@pulso/domain';

/**
 * Pure updates of a cached chat (`AtendimentoChat`): `mensagens` stay oldest
 * first and unique by id, whatever order the HTTP answers and the realtime
 * events arrive in.
 */

function byId(a: MensagemView, b: MensagemView): number {
  return a.id - b.id;
}

/**
 * The chat with `mensagem` added (or replaced, when already there). A read
 * mark already known is kept: the other side's `message.read` event may
 * arrive before the answer to our own send, which still says unread.
 */
export function withMensagem(chat: AtendimentoChat, mensagem: MensagemView): AtendimentoChat {
  const known = chat.mensagens.find((m) => m.id === mensagem.id);
  const others = chat.mensagens.filter((m) => m.id !== mensagem.id);
  const merged = known?.read_at && !mensagem.read_at ? { ...mensagem, read_at: known.read_at } : mensagem;
  return { ...chat, mensagens: [...others, merged].sort(byId) };
}

/** The chat without message `id`. */
export function withoutMensagem(chat: AtendimentoChat, id: number): AtendimentoChat {
  return { ...chat, mensagens: chat.mensagens.filter((m) => m.id !== id) };
}

/** The chat with message `id` read at `readAt`. */
export function withRead(chat: AtendimentoChat, id: number, readAt: string): AtendimentoChat {
  return {
    ...chat,
    mensagens: chat.mensagens.map((m) => (m.id === id && m.read_at === null ? { ...m, read_at: readAt } : m)),
  };
}

/** The chat with older messages in front; `hasMore` whether still older ones exist. */
export function withOlder(chat: AtendimentoChat, older: MensagemView[], hasMore: boolean): AtendimentoChat {
  const seen = new Set(chat.mensagens.map((m) => m.id));
  return {
    ...chat,
    mensagens: [...older.filter((m) => !seen.has(m.id)), ...chat.mensagens].sort(byId),
    has_more: hasMore,
  };
}

/** The chat with the session's fields changed (status, ended_at…). */
export function withAtendimento(chat: AtendimentoChat, changes: Partial<AtendimentoView>): AtendimentoChat {
  return { ...chat, atendimento: { ...chat.atendimento, ...changes } };
}

/**
 * A fresh answer (the latest page) merged with what was cached: older
 * messages loaded earlier with 'carregar mensagens anteriores' are kept in
 * front of the fresh page, and `has_more` then still speaks of them.
 */
export function mergeChat(cached: AtendimentoChat | undefined, fresh: AtendimentoChat): AtendimentoChat {
  const oldestFresh = fresh.mensagens[0]?.id;
  if (!cached || oldestFresh === undefined) return fresh;
  const kept = cached.mensagens.filter((m) => m.id < oldestFresh);
  if (kept.length === 0) return fresh;
  return { ...fresh, mensagens: [...kept, ...fresh.mensagens], has_more: cached.has_more };
}
