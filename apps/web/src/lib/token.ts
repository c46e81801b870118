import { TOKEN_KEY } from '@pulso/domain';
import { useSyncExternalStore } from 'react';

export { TOKEN_KEY };

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored bearer token, or `null`. Never throws (private mode, blocked storage). */
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the bearer token returned by login or registration. */
export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } finally {
    notify();
  }
}

/**
 * Forgets the bearer token (logout, 401, failed user load); what a session
 * kept on the device goes with it through {@link subscribeToken}
 * (docs/offline-card.md).
 */
export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } finally {
    notify();
  }
}

/** Calls `listener` on every sign-in and sign-out, in this tab or another; answers how to stop. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token as React state: re-renders on login, logout and changes from other tabs. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
