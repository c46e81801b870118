import type { CartaoFacts } from '@pulso/domain';
import { getToken, subscribeToken } from '../../../lib/token.ts';

/**
 * The device's copy of the patient's own emergency card (docs/offline-card.md):
 * the last good answer of `GET /api/qrcode/cartao` and when it was fetched, in
 * localStorage, bound to the session that fetched it. Signing in or out
 * removes it ({@link forgetCopyOfEndedSessions}), so another account never reads it.
 */

/** localStorage key of the copy (one slot: a device holds one session at a time). */
export const CARTAO_COPY_KEY = 'pulso.cartao';

/** A stored card: the facts as the server printed them and the instant (ISO) they were fetched. */
export interface CartaoCopy {
  cartao: CartaoFacts;
  savedAt: string;
}

interface StoredCopy extends CartaoCopy {
  /** Fingerprint of the session token that fetched it (not the token itself). */
  sessao: string;
}

/**
 * A short fingerprint of a session token (FNV-1a, 32 bits, twice over the
 * halves): enough to tell sessions apart, and the token itself is not copied.
 */
export function sessionFingerprint(token: string): string {
  const fnv = (text: string) => {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
  };
  const half = Math.ceil(token.length / 2);
  return `${fnv(token.slice(0, half))}${fnv(token.slice(half))}`;
}

/**
 * Keeps `cartao` as the copy of the session `token`, fetched at `savedAt`
 * (default now). Storage full or blocked (private mode) is not an error: the
 * card then simply has no copy.
 */
export function saveCartaoCopy(token: string, cartao: CartaoFacts, savedAt: Date = new Date()): void {
  const stored: StoredCopy = { cartao, savedAt: savedAt.toISOString(), sessao: sessionFingerprint(token) };
  try {
    window.localStorage.setItem(CARTAO_COPY_KEY, JSON.stringify(stored));
  } catch {
    // No room or no storage: nothing to keep.
  }
}

/**
 * The copy of the session `token`, or `null`: none stored, another session's
 * (another account's), unreadable, or no token at all.
 */
export function readCartaoCopy(token: string | null): CartaoCopy | null {
  if (!token) return null;
  let stored: Partial<StoredCopy> | null;
  try {
    stored = JSON.parse(window.localStorage.getItem(CARTAO_COPY_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!stored || stored.sessao !== sessionFingerprint(token)) return null;
  if (!stored.cartao || typeof stored.savedAt !== 'string') return null;
  return { cartao: stored.cartao, savedAt: stored.savedAt };
}

/** Removes the copy (sign-in, sign-out, a session the server refused). Never throws. */
export function clearCartaoCopy(): void {
  try {
    window.localStorage.removeItem(CARTAO_COPY_KEY);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/**
 * Removes the copy whenever the session changes and it is not the new
 * session's: on sign-out, a session the server refused, another account's
 * sign-in, in this tab or another. Called once at start (`main.tsx`);
 * answers how to stop.
 */
export function forgetCopyOfEndedSessions(): () => void {
  return subscribeToken(() => {
    if (readCartaoCopy(getToken()) === null) clearCartaoCopy();
  });
}
