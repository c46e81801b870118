import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '../../../lib/token.ts';
import { CARTAO_FACTS } from '../../../test/cartao-fixtures.ts';
import {
  CARTAO_COPY_KEY,
  clearCartaoCopy,
  forgetCopyOfEndedSessions,
  readCartaoCopy,
  saveCartaoCopy,
  sessionFingerprint,
} from './cartao-copy.ts';

const FACTS = CARTAO_FACTS;
const TOKEN_A = '1|aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const TOKEN_B = '2|bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

const stopForgetting = forgetCopyOfEndedSessions();
afterAll(stopForgetting);

afterEach(() => {
  window.localStorage.clear();
});

describe('the offline copy of the card (docs/offline-card.md)', () => {
  it('saves the facts with the time they were fetched and reads them back for the same session', () => {
    saveCartaoCopy(TOKEN_A, FACTS, new Date('2026-03-04T15:00:00Z'));
    expect(readCartaoCopy(TOKEN_A)).toEqual({ cartao: FACTS, savedAt: '2026-03-04T15:00:00.000Z' });
  });

  it('keeps a fingerprint of the session, never the token itself', () => {
    saveCartaoCopy(TOKEN_A, FACTS);
    const raw = window.localStorage.getItem(CARTAO_COPY_KEY) ?? '';
    expect(raw).not.toContain(TOKEN_A);
    expect(raw).not.toContain('aaaaaaaa');
    expect(raw).toContain(sessionFingerprint(TOKEN_A));
  });

  it("never answers another session's (another account's) copy, nor any without a token", () => {
    saveCartaoCopy(TOKEN_A, FACTS);
    expect(readCartaoCopy(TOKEN_B)).toBeNull();
    expect(readCartaoCopy(null)).toBeNull();
  });

  it('answers null for nothing stored or a damaged entry, and clears', () => {
    expect(readCartaoCopy(TOKEN_A)).toBeNull();
    window.localStorage.setItem(CARTAO_COPY_KEY, '{not json');
    expect(readCartaoCopy(TOKEN_A)).toBeNull();
    saveCartaoCopy(TOKEN_A, FACTS);
    clearCartaoCopy();
    expect(window.localStorage.getItem(CARTAO_COPY_KEY)).toBeNull();
  });

  it('is removed on sign-out (the token cleared)', () => {
    setToken(TOKEN_A);
    saveCartaoCopy(TOKEN_A, FACTS);
    clearToken();
    expect(window.localStorage.getItem(CARTAO_COPY_KEY)).toBeNull();
  });

  it('is removed when another account signs in, and kept when the same session is stored again', () => {
    setToken(TOKEN_A);
    saveCartaoCopy(TOKEN_A, FACTS);
    setToken(TOKEN_A);
    expect(readCartaoCopy(TOKEN_A)).not.toBeNull();
    setToken(TOKEN_B);
    expect(window.localStorage.getItem(CARTAO_COPY_KEY)).toBeNull();
    expect(readCartaoCopy(TOKEN_B)).toBeNull();
  });
});
