import { z } from 'zod';

/** pt-BR messages of the devices screen and its routes (docs/accounts.md "Devices"; issue 3 "Devices and push"). */
export const DEVICE_MESSAGES = {
  required: 'Este campo é obrigatório',
  invalidSubscription:
    'Não foi possível cadastrar este dispositivo: a inscrição de notificações é inválida. Ative as notificações novamente.',
  unknownPushService:
    'Não foi possível cadastrar este dispositivo: o serviço de notificações deste navegador não é reconhecido.',
  notFound: 'Dispositivo não encontrado',
  removed: 'Dispositivo removido',
  registered: 'Notificações ativadas neste dispositivo',
  unsupported:
    'Este navegador não permite notificações. Use um navegador atualizado (no iPhone, adicione o Pulso à tela de início).',
  denied:
    'As notificações estão bloqueadas para o Pulso neste navegador. Libere-as nas configurações do site e tente novamente.',
  dismissed: 'Você não permitiu as notificações. Clique no botão novamente quando quiser ativá-las.',
  subscribeFailed:
    'Não foi possível ativar as notificações neste dispositivo: o serviço de notificações do navegador não respondeu. Tente novamente mais tarde.',
} as const;

/** Most devices one account keeps; registering one more drops the least recently updated. */
export const MAX_DEVICES_PER_USER = 20;

/**
 * Hosts of the browsers' push services (Chrome/Edge/Samsung via FCM, Firefox,
 * Safari/iOS, legacy Edge). The server posts only to these: a subscription's
 * endpoint is a URL chosen by the client, and posting to any other host would
 * let a user make the server call arbitrary addresses.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

/** True when `endpoint` is an https URL of a known push service ({@link PUSH_SERVICE_HOSTS}). */
export function isKnownPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
}

/** Uncompressed P-256 point (65 bytes, first byte 0x04) in base64url. */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
/** 16-byte authentication secret in base64url. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}(==)?$/;

/** A browser's `PushSubscription.toJSON()` (W3C Push API). */
export const PushSubscriptionJsonSchema = z.object({
  endpoint: z
    .string()
    .max(2048)
    .refine((v) => {
      try {
        return new URL(v).protocol === 'https:';
      } catch {
        return false;
      }
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().regex(P256DH), auth: z.string().regex(AUTH_SECRET) }),
});
export type PushSubscriptionJson = z.output<typeof PushSubscriptionJsonSchema>;

/** Parses a serialised subscription (`firebase_token`); `null` when it is not a valid one. */
export function parsePushSubscription(text: string): PushSubscriptionJson | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = PushSubscriptionJsonSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * `POST /api/device` body (docs/accounts.md "Devices", `{firebase_token}`): the
 * product's wire name, whose value is `JSON.stringify(pushSubscription)`.
 */
export const DeviceRegisterSchema = z.object({
  firebase_token: z
    .string({ error: DEVICE_MESSAGES.required })
    .min(1, { error: DEVICE_MESSAGES.required, abort: true })
    .max(4096, { error: DEVICE_MESSAGES.invalidSubscription, abort: true })
    .superRefine((text, ctx) => {
      const subscription = parsePushSubscription(text);
      if (!subscription) {
        ctx.addIssue({ code: 'custom', message: DEVICE_MESSAGES.invalidSubscription });
      } else if (!isKnownPushService(subscription.endpoint)) {
        ctx.addIssue({ code: 'custom', message: DEVICE_MESSAGES.unknownPushService });
      }
    }),
});
export type DeviceRegister = z.output<typeof DeviceRegisterSchema>;

/** A device as the API shows it (docs/accounts.md "Devices"): never the subscription or its endpoint. */
export const DeviceViewSchema = z.object({
  id: z.number().int(),
  user_agent: z.string().nullable(),
  /** ISO instant (UTC) of the last registration from this browser. */
  updated_at: z.string(),
});
export type DeviceView = z.output<typeof DeviceViewSchema>;
