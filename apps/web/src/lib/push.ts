import { DEVICE_MESSAGES } from '@pulso/domain';
import { api } from './api.ts';
import { registerServiceWorker } from './service-worker.ts';

/** What this browser allows: Web Push at all, and whether the user blocked it for Pulso. */
export type PushAvailability = 'available' | 'unsupported' | 'denied';

/** A failure of {@link enablePush} whose `message` is pt-BR and fit for the screen. */
export class PushSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushSetupError';
  }
}

/** Whether notifications can be enabled here (read on render; asks nothing). */
export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** A base64url VAPID key as the bytes `PushManager.subscribe` expects. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  // The app's one registration (service-worker.ts): usually already made at start.
  await registerServiceWorker();
  // `ready` resolves once a worker is active: subscribing before that fails in Chrome.
  const timeout = new Promise<never>((_, reject) =>
    window.setTimeout(() => reject(new PushSetupError(DEVICE_MESSAGES.subscribeFailed)), 15_000),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Enables Web Push on this browser (issue 3 "Devices and push"). Call it only
 * from a click: it asks the notification permission first (Safari allows the
 * prompt only inside the user's gesture), then registers the app's service worker (`/sw.js`),
 * subscribes with the server's VAPID key (`GET /api/device/vapid-key`) and
 * sends the subscription with `POST /api/device {firebase_token}`. The server
 * refreshes a subscription it already has instead of adding it twice.
 * Rejects with a {@link PushSetupError} (pt-BR message) or the API's `ApiError`.
 */
export async function enablePush(): Promise<void> {
  if (pushAvailability() === 'unsupported') throw new PushSetupError(DEVICE_MESSAGES.unsupported);
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(DEVICE_MESSAGES.denied);
  if (permission !== 'granted') throw new PushSetupError(DEVICE_MESSAGES.dismissed);

  let registration: ServiceWorkerRegistration;
  try {
    registration = await activeRegistration();
  } catch (error) {
    throw error instanceof PushSetupError ? error : new PushSetupError(DEVICE_MESSAGES.subscribeFailed);
  }
  const { publicKey } = await api.get<{ publicKey: string }>('/device/vapid-key');
  const applicationServerKey = base64UrlToBytes(publicKey);

  let subscription: PushSubscription;
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) {
      subscription = existing;
    } else {
      // A subscription made with another server key (keys rotated) can never be delivered to.
      await existing?.unsubscribe();
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey,
      });
    }
  } catch {
    throw new PushSetupError(DEVICE_MESSAGES.subscribeFailed);
  }
  await api.post('/device', { firebase_token: JSON.stringify(subscription.toJSON()) });
}
