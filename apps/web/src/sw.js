/* Pulso's one service worker (docs/offline-card.md, docs/devices-and-push.md), served as /sw.js with
 * `cache-control: no-cache` so that updates reach browsers at once. Built by vite-plugin-pwa
 * (`injectManifest`, apps/web/vite.config.ts): Workbox precaches the built app shell listed in
 * `self.__WB_MANIFEST`, and navigations to the SPA's routes answer its index.html, so the app — and the
 * patient's own card at /cartao, whose data the page keeps in localStorage — opens with no network.
 * Nothing else is cached: no `/api/*` answer (health data stays out of shared caches) and no `/code/:code`
 * page (another person's data, rendered by the server). Web Push: the payload is `{title, body, url}` as
 * sent by apps/server/src/platform/push.ts. */

import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Server-rendered or non-SPA paths: always the network (the API, public code pages, dev tools). */
const NETWORK_ONLY_NAVIGATIONS = [/^\/api(\/|$)/, /^\/code(\/|$)/, /^\/dev(\/|$)/];

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NETWORK_ONLY_NAVIGATIONS }),
);

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only paths of this app are opened: a payload never sends the user to another site. */
function safePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Pulso';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      data: { url: safePath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(safePath(event.notification.data?.url), self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === target.origin && 'focus' in client) {
          if ('navigate' in client && client.url !== target.href) {
            return client.focus().then((focused) => focused.navigate(target.href));
          }
          return client.focus();
        }
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
