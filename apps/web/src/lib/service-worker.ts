/**
 * The one service worker of the app (docs/offline-card.md): `src/sw.js`, built
 * by vite-plugin-pwa to `/sw.js` (served with `cache-control: no-cache`). It
 * precaches the app shell for offline use and shows Web Push notifications.
 */

import { getToken, subscribeToken } from './token.ts';

/** URL of the built service worker; also the Web Push registration (`push.ts`). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers {@link SERVICE_WORKER_URL} at scope `/` and answers the
 * registration. Registering again with the same URL and scope is a no-op for
 * the browser, so push and the app start share one registration. Rejects as
 * `navigator.serviceWorker.register` does (unsupported, blocked, 404).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/**
 * Registers the service worker once the page has loaded (the shell's own
 * requests go first), in a build only: the Vite dev server has none. Only on
 * a signed-in device (at load, or at the first sign-in after it). The page a
 * scanned code opens (`/code/…`) is not this app and registers nothing: a
 * rescuer's phone on a bad network downloads nothing past the patient's facts
 * (docs/public-code-page.md). A failure leaves the app online-only and is
 * logged, never shown.
 */
export function registerServiceWorkerOnLoad(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    registerServiceWorker().catch((error: unknown) => {
      console.warn('Pulso: service worker not registered', error);
    });
  };
  // Signed out at load: at the first sign-in instead.
  const whenSignedIn = () => {
    if (getToken() !== null) return register();
    const stop = subscribeToken(() => {
      if (getToken() === null) return;
      stop();
      register();
    });
  };
  if (document.readyState === 'complete') whenSignedIn();
  else window.addEventListener('load', whenSignedIn, { once: true });
}
