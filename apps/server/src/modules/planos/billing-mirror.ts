import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import type { ProviderSubscription } from '../../platform/payments.ts';

/**
 * Writes Pulso's copy of a provider subscription (Stripe Billing; issue 8)
 * inside `tx`: one row per `provider_subscription_id`, inserted by the first
 * of the request and the webhook that see it and updated by the other. The
 * period is the provider's; `ends_at` is its end when the subscription
 * cancels at the period end. Answers the row's id.
 */
export async function mirrorSubscription(
  tx: Db,
  input: { userId: number; planoId: number; sub: ProviderSubscription },
): Promise<number> {
  const { sub } = input;
  const copy = {
    plano_id: input.planoId,
    current_period_start: sub.current_period_start,
    current_period_end: sub.current_period_end,
    ends_at: sub.cancel_at_period_end ? sub.current_period_end : null,
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({ user_id: input.userId, provider_subscription_id: sub.id, ...copy })
    .onConflictDoUpdate({
      target: subscriptions.provider_subscription_id,
      set: { ...copy, updated_at: new Date() },
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error(`subscription ${sub.id} not written`);
  return row.id;
}
