import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { JobLog } from '../../platform/jobs.ts';

/**
 * The plan events of Stripe's webhook (`invoice.*`, `customer.subscription.*`):
 * handled by modules/planos (`billing-events.ts`) and handed to the webhook by
 * `app.ts`, so that payments never import plans (docs/architecture.md "What
 * the layers may import, checked").
 */
export interface BillingEvents {
  /** The event types `handle` takes. */
  events: ReadonlySet<string>;
  /** Handles one event inside the webhook's transaction `tx`. */
  handle(tx: Db, deps: { ctx: AppContext; log: JobLog }, event: Stripe.Event): Promise<BillingResult>;
}

/** What the plans did with a billing event. */
export type BillingOutcome =
  | 'renovado'
  | 'renovacao_recusada'
  | 'confirmado'
  | 'sincronizado'
  | 'encerrado'
  | 'ja_registrado'
  | 'desconhecido'
  | 'ignored';

/** The outcome and what to do once the event's transaction committed (mails). */
export interface BillingResult {
  outcome: BillingOutcome;
  after?: () => Promise<void>;
}
