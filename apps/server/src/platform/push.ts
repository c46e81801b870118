import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/** A push notification's content. */
export interface PushPayload {
  title: string;
  body: string;
  /** Path inside the app to open on click, e.g. `/telemedicina/atendimento/12`. */
  url?: string;
}

/** Sends Web Push messages to a user's devices (issue 3; telemedicine calls it). */
export interface PushSender {
  /** VAPID public key (URL-safe base64) the browser subscribes with. */
  publicKey: string;
  /** Sends to every device of the user; drops subscriptions the push service reports gone. */
  sendToUser(userId: number, payload: PushPayload): Promise<{ sent: number; removed: number }>;
}

/** Builds the push sender of the configuration. */
export async function createPushSender(_config: Config, _db: Db): Promise<PushSender> {
  return {
    publicKey: '',
    async sendToUser() {
      throw new Error('Push not implemented yet');
    },
  };
}
