import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './platform/mail.ts';
import type { PaymentProvider } from './platform/payments.ts';
import type { PushSender } from './platform/push.ts';
import type { Realtime } from './platform/realtime.ts';
import type { Storage } from './platform/storage.ts';

/** What every module reads from the app: configuration and adapters. */
export interface AppContext {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  push: PushSender;
  realtime: Realtime;
  /** The card payment provider (docs/api/pagamentos.md "Provider"; today the offline sandbox). */
  payments: PaymentProvider;
}

/** The authenticated caller of a request. */
export interface Actor {
  userId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by `requireUser` (always) and `optionalUser` (when a valid token came). */
    actor: Actor | null;
  }
}
