import { describe, expect, it } from 'vitest';
import { makeChat, makeMensagem } from '../../../../test/telemedicina-fixtures.ts';
import { mergeChat, withMensagem, withOlder, withoutMensagem, withRead } from './chat-cache.ts';

const ids = (chat: { mensagens: { id: number }[] }) => chat.mensagens.map((m) => m.id);

describe('the cached chat', () => {
  it('keeps messages oldest first and unique, whatever order they arrive in', () => {
    let chat = makeChat({ mensagens: [makeMensagem(2), makeMensagem(4)] });
    chat = withMensagem(chat, makeMensagem(3));
    chat = withMensagem(chat, makeMensagem(4, { content: 'editada' }));
    expect(ids(chat)).toEqual([2, 3, 4]);
    expect(chat.mensagens.at(-1)?.content).toBe('editada');
    expect(ids(withoutMensagem(chat, 3))).toEqual([2, 4]);
  });

  it('marks a message read once, keeping the first read time', () => {
    const chat = withRead(makeChat({ mensagens: [makeMensagem(1)] }), 1, '2026-03-10T15:00:00.000Z');
    expect(chat.mensagens[0]?.read_at).toBe('2026-03-10T15:00:00.000Z');
    expect(withRead(chat, 1, '2026-03-11T15:00:00.000Z').mensagens[0]?.read_at).toBe(
      '2026-03-10T15:00:00.000Z',
    );
  });

  it('keeps a read mark that arrived before the answer to its own send', () => {
    const readAt = '2026-03-10T15:00:00.000Z';
    // The realtime echo of our message, then the other side's read, then our POST's answer (unread).
    let chat = withMensagem(makeChat({ mensagens: [] }), makeMensagem(7));
    chat = withRead(chat, 7, readAt);
    chat = withMensagem(chat, makeMensagem(7, { read_at: null }));
    expect(chat.mensagens[0]?.read_at).toBe(readAt);
  });

  it('puts an older page in front and records whether still older ones exist', () => {
    const chat = withOlder(
      makeChat({ mensagens: [makeMensagem(5)], has_more: true }),
      [makeMensagem(3), makeMensagem(4)],
      false,
    );
    expect(ids(chat)).toEqual([3, 4, 5]);
    expect(chat.has_more).toBe(false);
  });

  it('keeps the older messages already loaded when the latest page is read again', () => {
    const cached = makeChat({ mensagens: [1, 2, 3, 4].map((id) => makeMensagem(id)), has_more: false });
    const fresh = makeChat({ mensagens: [3, 4, 5].map((id) => makeMensagem(id)), has_more: true });
    const merged = mergeChat(cached, fresh);
    expect(ids(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.has_more).toBe(false);
    expect(mergeChat(undefined, fresh)).toBe(fresh);
    // Nothing older cached: the fresh answer as is.
    expect(mergeChat(makeChat({ mensagens: [makeMensagem(4)] }), fresh)).toBe(fresh);
  });
});
