import { PLANO_MESSAGES as M, type PlanosAnswer, type PlanoView, type SubscriptionView } from '@pulso/domain';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { planos, subscriptions } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { SubscriptionBilling } from '../../platform/payments.ts';
import { chargeDeps, savedCard } from '../pagamentos/index.ts';

/**
 * Plans and subscriptions (docs/payments-and-admin.md "Plans"; issue 8
 * "Plans"). Pulso keeps the billing period: a subscription is active while
 * now is inside `[current_period_start, current_period_end)`; cancelling sets
 * `ends_at` to the period end (no renewal), renewing clears it. Every price
 * comes from `planos.preco` (centavos); a credit balance
 * (`payment_customers.saldo`) left by a plan change pays first.
 *
 * This file: what is read (the plans on sale, the active subscription, the
 * answer of `GET /api/planos`). Subscribing: planos.subscribe.ts; changing
 * plan: planos.change.ts; cancelling, renewing and the card:
 * planos.service.ts; the receipt: planos.receipt.ts.
 */

/** What the plan operations need. */
export interface PlanosDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** A `planos` row. */
export type PlanoRow = typeof planos.$inferSelect;
/** A `subscriptions` row. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The instant of an operation: `deps.now()`, else the clock. */
export const nowOf = (deps: PlanosDeps) => (deps.now ?? (() => new Date()))();

/**
 * The provider's billing of `subscription` when the provider drives it
 * (stripe mode: a Stripe Billing subscription), else `null`: Pulso's
 * renewal job bills it.
 */
export function billingOf(
  ctx: AppContext,
  subscription: SubscriptionRow,
): { billing: SubscriptionBilling; id: string } | null {
  const billing = ctx.payments.billing;
  return billing && subscription.provider_subscription_id
    ? { billing, id: subscription.provider_subscription_id }
    : null;
}

/** The provider price of a plan sold in stripe mode (`stripe_plan`); 404 for a plan without one. */
export function providerPrice(plano: PlanoRow): string {
  if (!plano.stripe_plan) throw notFound(M.notFound);
  return plano.stripe_plan;
}

/** A plan as answered (`PlanoView`): `periodo` M or A. */
export function toPlanoView(row: PlanoRow): PlanoView {
  return {
    id: row.id,
    nome: row.nome,
    preco: row.preco,
    periodo: row.periodo === 'A' ? 'A' : 'M',
    tipo: row.tipo,
    descricao: row.descricao,
    stripe_plan: row.stripe_plan,
  };
}

function toSubscriptionView(row: SubscriptionRow, plano: PlanoRow): SubscriptionView {
  return {
    id: row.id,
    stripe_plan: plano.stripe_plan,
    plano_id: plano.id,
    current_period_start: row.current_period_start.toISOString(),
    current_period_end: row.current_period_end.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
  };
}

/** The plans on sale (`ativo`), cheapest first. */
export async function listPlanos(db: Db): Promise<PlanoView[]> {
  const rows = await db
    .select()
    .from(planos)
    .where(eq(planos.ativo, true))
    .orderBy(asc(planos.preco), asc(planos.id));
  return rows.map(toPlanoView);
}

/** The user's subscription active at `now`, with its plan, or `null`. */
export async function activeSubscription(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ subscription: SubscriptionRow; plano: PlanoRow } | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .innerJoin(planos, eq(planos.id, subscriptions.plano_id))
    .where(
      and(
        eq(subscriptions.user_id, userId),
        lte(subscriptions.current_period_start, now),
        gt(subscriptions.current_period_end, now),
      ),
    )
    .orderBy(desc(subscriptions.current_period_end), desc(subscriptions.id))
    .limit(1);
  return row ? { subscription: row.subscriptions, plano: row.planos } : null;
}

/** The user's active subscription with its plan; 409 {@link M.semAssinatura} without one. */
export async function requireActive(deps: PlanosDeps, userId: number) {
  const active = await activeSubscription(deps.ctx.database.db, userId, nowOf(deps));
  if (!active) throw new HttpError(409, M.semAssinatura);
  return active;
}

/** A plan on sale (`ativo`) by id; 404 otherwise. */
export async function planoById(db: Db, id: number): Promise<PlanoRow> {
  const [row] = await db
    .select()
    .from(planos)
    .where(and(eq(planos.id, id), eq(planos.ativo, true)))
    .limit(1);
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * `GET /api/planos` (docs/payments-and-admin.md "Plans"): `{subscription,
 * plano, paymentMethod, planos}`.
 */
export async function getPlanos(deps: PlanosDeps, userId: number): Promise<PlanosAnswer> {
  const db = deps.ctx.database.db;
  const active = await activeSubscription(db, userId, nowOf(deps));
  const card = await savedCard(chargeDeps(deps.ctx), userId);
  return {
    subscription: active ? toSubscriptionView(active.subscription, active.plano) : null,
    plano: active ? toPlanoView(active.plano) : null,
    paymentMethod: card?.card ?? null,
    planos: await listPlanos(db),
  };
}
