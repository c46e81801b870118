import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payment_customers, users } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../../platform/payments.ts';

/** What the payment deps need. */
export interface PaymentDeps {
  db: Db;
  payments: PaymentProvider;
}

/**
 * The provider customer of a user, created at the provider on first use.
 * Two first uses at once make one row (the primary key decides; the loser's
 * provider customer is left unused).
 */
export async function ensureCustomer(deps: PaymentDeps, userId: number): Promise<string> {
  const find = async () => {
    const [row] = await deps.db
      .select({ customer_id: payment_customers.customer_id, provider: payment_customers.provider })
      .from(payment_customers)
      .where(eq(payment_customers.user_id, userId))
      .limit(1);
    return row?.provider === deps.payments.mode ? row.customer_id : null;
  };
  const existing = await find();
  if (existing) return existing;
  const [user] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error(`user ${userId} not found`);
  const customerId = await deps.payments.createCustomer({ userId, email: user.email, name: user.name });
  await deps.db
    .insert(payment_customers)
    .values({ user_id: userId, provider: deps.payments.mode, customer_id: customerId })
    .onConflictDoUpdate({
      target: payment_customers.user_id,
      set: {
        provider: deps.payments.mode,
        customer_id: customerId,
        payment_method_id: null,
        updated_at: new Date(),
      },
      // Only a customer of another provider (sandbox → stripe) is replaced.
      setWhere: sql`${payment_customers.provider} <> ${deps.payments.mode}`,
    });
  return (await find()) ?? customerId;
}
