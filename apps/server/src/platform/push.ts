import type { Agent } from 'node:https';
import { isKnownPushService } from '@pulso/domain';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { devices, users } from '../db/schema/index.ts';
import { type SecretStore, secretStoreFor } from './secrets.ts';

/** A push notification's content, as the service worker (`apps/web/src/sw.js`, served as `/sw.js`) reads it. */
export interface PushPayload {
  title: string;
  body: string;
  /** Path inside the app to open on click, e.g. `/telemedicina/atendimento/12`. */
  url?: string;
}

/** Delivery options of one push. */
export interface PushSendOptions {
  /** Push-service priority; default `'high'` (a doctor's answer should wake the phone). */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** Seconds the push service keeps an undelivered message; default one day. */
  ttlSeconds?: number;
  /** Where failures go; default the sender's logger. Pass `request.log` from a route. */
  log?: PushLog;
  /**
   * Asked only when the user has a device to push to: `true` sends nothing (e.g. the recipient
   * is online, a question that costs a round through every node: docs/devices-and-push.md
   * "Sending a push (for telemedicine)").
   */
  skipIf?: () => Promise<boolean>;
}

/** The part of a pino logger the sender writes to. */
export interface PushLog {
  warn(obj: object, msg: string): void;
}

/** Sends Web Push messages to a user's devices (issue 3; telemedicine calls it). */
export interface PushSender {
  /** VAPID public key (URL-safe base64) the browser subscribes with. */
  publicKey: string;
  /**
   * Sends `payload` to every device of the user, in parallel; deletes the
   * devices the push service reports gone (404/410). Never throws for a
   * delivery failure: other failures (and endpoints outside the known push
   * services) are logged by status code only and counted in `failed`.
   */
  sendToUser(
    userId: number,
    payload: PushPayload,
    options?: PushSendOptions,
  ): Promise<{ sent: number; removed: number; failed: number }>;
}

/** Test seams of {@link createPushSender}. */
export interface PushSenderOptions {
  /** TLS agent for the push requests (a test trusts its self-signed push service with it). */
  agent?: Agent;
  /** Which endpoints may be posted to; default {@link isKnownPushService}. */
  isAllowedEndpoint?: (endpoint: string) => boolean;
  log?: PushLog;
}

/** A day: a notification about a consultation is stale after that. */
export const DEFAULT_PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const stderrLog: PushLog = {
  warn: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 40, ...obj, msg })}\n`),
};

/** Name of the generated VAPID key pair (a file under `DATA_DIR`, or a row of `app_secrets`). */
export const VAPID_SECRET_NAME = 'vapid.json';

/**
 * The VAPID key pair: from the configuration when both keys are set, else the
 * generated pair (`platform/secrets.ts`), created on first start and reused —
 * on PostgreSQL one row every node reads (a browser's subscription is bound to
 * one key), on PGlite `${dataDir}/vapid.json` (mode 0600).
 */
export async function loadVapidKeys(config: Config, secrets: SecretStore): Promise<VapidKeys> {
  const { publicKey, privateKey } = config.vapid;
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) {
      throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    }
    return validated({ publicKey, privateKey }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
  }
  const text = await secrets.readOrCreate(
    VAPID_SECRET_NAME,
    () => `${JSON.stringify(webpush.generateVAPIDKeys(), null, 2)}\n`,
  );
  return validated(JSON.parse(text) as VapidKeys, VAPID_SECRET_NAME);
}

function validated(keys: VapidKeys, source: string): VapidKeys {
  try {
    webpush.getVapidHeaders(
      'https://push.example',
      'mailto:check@pulso.local',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
  } catch {
    throw new Error(`Invalid VAPID keys in ${source}`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * Builds the Web Push sender (issue 3 "Devices and push"). Each device row
 * holds the browser's serialised `PushSubscription` in `firebase_token` (the
 * product's wire name, docs/data-model.md "Conventions"); messages are
 * encrypted `aes128gcm` and signed with VAPID.
 * The payload reaches the user's lock screen: keep health data out of it
 * (e.g. 'Nova mensagem do seu médico', not the message).
 */
export async function createPushSender(
  config: Config,
  database: Pick<Database, 'kind' | 'db'>,
  options: PushSenderOptions = {},
): Promise<PushSender> {
  const { db } = database;
  const keys = await loadVapidKeys(config, secretStoreFor(database, config.dataDir));
  const vapidDetails = { subject: config.vapid.subject, ...keys };
  const allowed = options.isAllowedEndpoint ?? isKnownPushService;
  const defaultLog = options.log ?? stderrLog;

  return {
    publicKey: keys.publicKey,
    async sendToUser(userId, payload, sendOptions = {}) {
      const log = sendOptions.log ?? defaultLog;
      const rows = await db
        .select({ id: devices.id, firebase_token: devices.firebase_token, endpoint: devices.endpoint })
        .from(devices)
        // A closed account (issue 3) keeps its rows but receives nothing.
        .innerJoin(users, eq(users.id, devices.user_id))
        .where(and(eq(devices.user_id, userId), eq(users.is_active, true)));
      if (rows.length === 0 || (await sendOptions.skipIf?.())) return { sent: 0, removed: 0, failed: 0 };
      const body = JSON.stringify(payload);
      let sent = 0;
      let removed = 0;
      let failed = 0;
      await Promise.all(
        rows.map(async (row) => {
          if (!allowed(row.endpoint)) {
            log.warn({ deviceId: row.id }, 'push endpoint is not a known push service; skipped');
            failed += 1;
            return;
          }
          try {
            await webpush.sendNotification(JSON.parse(row.firebase_token), body, {
              vapidDetails,
              TTL: sendOptions.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS,
              urgency: sendOptions.urgency ?? 'high',
              contentEncoding: 'aes128gcm',
              timeout: PUSH_TIMEOUT_MS,
              ...(options.agent ? { agent: options.agent } : {}),
            });
            sent += 1;
          } catch (error) {
            const statusCode = error instanceof webpush.WebPushError ? error.statusCode : undefined;
            if (statusCode === 404 || statusCode === 410) {
              // The browser unsubscribed or the subscription expired: it will never deliver again.
              const gone = await db
                .delete(devices)
                .where(and(eq(devices.id, row.id), eq(devices.firebase_token, row.firebase_token)))
                .returning({ id: devices.id });
              removed += gone.length;
              return;
            }
            failed += 1;
            // Status code only: the endpoint is a capability URL and the payload may be personal.
            log.warn(
              {
                deviceId: row.id,
                statusCode: statusCode ?? null,
                code: (error as { code?: string }).code ?? null,
              },
              'push delivery failed',
            );
          }
        }),
      );
      return { sent, removed, failed };
    },
  };
}
