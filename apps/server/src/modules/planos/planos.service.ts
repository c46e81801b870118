import {
  type CardView,
  fimDoPeriodo,
  PLANO_MESSAGES as M,
  type PlanosAnswer,
  type PlanoView,
  type Prorrateio,
  pagarComSaldo,
  prorrateio,
  type SubscriptionView,
} from '@pulso/domain';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { type payments, planos, subscriptions, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { JobLog } from '../../platform/jobs.ts';
import { receiptMail } from '../../platform/mail-templates.ts';
import type { ProviderSubscription, SubscriptionBilling } from '../../platform/payments.ts';
import { addSaldo, saveCard, savedCard } from '../pagamentos/cards.service.ts';
import {
  type ChargeDeps,
  type ChargeResult,
  chargeDeps,
  chargeOnce,
  ensureCustomer,
} from '../pagamentos/charge.service.ts';
import { mirrorSubscription } from './billing-mirror.ts';

/**
 * Plans and subscriptions (docs/payments-and-admin.md "Plans"; issue 8
 * "Plans"). Pulso keeps the billing period: a subscription is active while
 * now is inside `[current_period_start, current_period_end)`; cancelling sets
 * `ends_at` to the period end (no renewal), renewing clears it. Every price
 * comes from `planos.preco` (centavos); a credit balance
 * (`payment_customers.saldo`) left by a plan change pays first.
 */

/** What the plan operations need. */
export interface PlanosDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  now?: () => Date;
}

type PlanoRow = typeof planos.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

const paymentDeps = (ctx: AppContext): ChargeDeps => chargeDeps(ctx);

/**
 * The provider's billing of `subscription` when the provider drives it
 * (stripe mode: a Stripe Billing subscription), else `null`: Pulso's
 * renewal job bills it.
 */
function billingOf(
  ctx: AppContext,
  subscription: SubscriptionRow,
): { billing: SubscriptionBilling; id: string } | null {
  const billing = ctx.payments.billing;
  return billing && subscription.provider_subscription_id
    ? { billing, id: subscription.provider_subscription_id }
    : null;
}

/** The provider price of a plan sold in stripe mode (`stripe_plan`); 404 for a plan without one. */
function providerPrice(plano: PlanoRow): string {
  if (!plano.stripe_plan) throw notFound(M.notFound);
  return plano.stripe_plan;
}

function toPlanoView(row: PlanoRow): PlanoView {
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

async function requireActive(deps: PlanosDeps, userId: number) {
  const active = await activeSubscription(deps.ctx.database.db, userId, (deps.now ?? (() => new Date()))());
  if (!active) throw new HttpError(409, M.semAssinatura);
  return active;
}

async function planoById(db: Db, id: number): Promise<PlanoRow> {
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
  const active = await activeSubscription(db, userId, (deps.now ?? (() => new Date()))());
  const card = await savedCard(paymentDeps(deps.ctx), userId);
  return {
    subscription: active ? toSubscriptionView(active.subscription, active.plano) : null,
    plano: active ? toPlanoView(active.plano) : null,
    paymentMethod: card?.card ?? null,
    planos: await listPlanos(db),
  };
}

/**
 * `GET /api/planos/pagamento/{plano}` and `GET /api/planos/pagamento`
 * (docs/payments-and-admin.md "Plans"): a SetupIntent for the card form
 * (`intent.client_secret`), with the plan when one is named. 404 for a plan
 * not on sale.
 */
export async function cardIntent(
  deps: PlanosDeps,
  userId: number,
  planoId: number | null,
): Promise<{ plano?: PlanoView; intent: { client_secret: string } }> {
  const plano = planoId === null ? null : toPlanoView(await planoById(deps.ctx.database.db, planoId));
  const customerId = await ensureCustomer(paymentDeps(deps.ctx), userId);
  const intent = await deps.ctx.payments.createSetupIntent(customerId);
  return plano ? { plano, intent } : { intent };
}

async function mailReceipt(deps: PlanosDeps, userId: number, result: ChargeResult, descricao: string) {
  if (result.replay) return;
  await sendPlanReceipt(deps, { userId, payment: result.payment, card: result.card, descricao });
}

/**
 * Mails the receipt of a plan payment (issue 8: "a receipt is mailed"):
 * nothing for a payment of 0. A mail failure is logged, never thrown: the
 * payment stands.
 */
export async function sendPlanReceipt(
  deps: { ctx: AppContext; log: JobLog },
  input: { userId: number; payment: typeof payments.$inferSelect; card: CardView | null; descricao: string },
): Promise<void> {
  const { payment } = input;
  if (payment.valor === 0) return;
  const [user] = await deps.ctx.database.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) return;
  try {
    await deps.ctx.mailer.send(
      receiptMail({
        to: user.email,
        name: user.name,
        descricao: input.descricao,
        valor: payment.valor,
        card: input.card,
        paidAt: payment.updated_at,
        paymentId: payment.id,
        action: 'Ver meu plano',
        link: `${deps.ctx.config.publicOrigin}/planos`,
      }),
    );
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, 'receipt mail failed');
  }
}

/**
 * `PUT /api/planos/subscribe {stripe_plan, payment_method}`
 * (docs/payments-and-admin.md "Plans"): saves the card, charges the plan's
 * price (less any credit balance) once per idempotency key and starts a period
 * of one month (M) or year (A) from now. Errors: 404 plan not on sale; 409
 * {@link M.jaAssinante} while a plan is active, or another plan charge is in
 * flight; 402 with the provider's message.
 */
export async function subscribe(
  deps: PlanosDeps,
  userId: number,
  input: { stripePlan: string; paymentMethodId: string; idempotencyKey: string },
): Promise<PlanosAnswer> {
  const db = deps.ctx.database.db;
  const now = (deps.now ?? (() => new Date()))();
  const [plano] = await db
    .select()
    .from(planos)
    .where(and(eq(planos.stripe_plan, input.stripePlan), eq(planos.ativo, true)))
    .limit(1);
  if (!plano) throw notFound(M.notFound);
  if (await activeSubscription(db, userId, now)) throw new HttpError(409, M.jaAssinante);
  const card = await saveCard(paymentDeps(deps.ctx), userId, input.paymentMethodId);
  const descricao = `Assinatura do plano ${plano.nome}`;
  const billing = deps.ctx.payments.billing;
  if (billing) {
    // Stripe Billing: Stripe charges the first period (its customer balance applies) and renews it.
    const price = providerPrice(plano);
    const customerId = await ensureCustomer(paymentDeps(deps.ctx), userId);
    let created: ProviderSubscription | null = null;
    const result = await chargeOnce(
      paymentDeps(deps.ctx),
      {
        userId,
        tipo: 'assinatura',
        valor: plano.preco,
        descricao,
        paymentMethodId: input.paymentMethodId,
        idempotencyKey: input.idempotencyKey,
        collect: async (key) => {
          created = await billing.create({
            customerId,
            price,
            paymentMethodId: input.paymentMethodId,
            idempotencyKey: key,
            metadata: { user_id: String(userId), payment_key: key },
          });
          const invoice = created.latestInvoice;
          return { providerId: invoice?.id ?? created.id, valor: invoice?.amount_paid ?? 0, card };
        },
      },
      async (tx) => (created ? mirrorSubscription(tx, { userId, planoId: plano.id, sub: created }) : null),
    );
    await mailReceipt(deps, userId, result, descricao);
    return getPlanos(deps, userId);
  }
  const saldo = (await savedCard(paymentDeps(deps.ctx), userId))?.saldo ?? 0;
  const { saldo_usado: usado, cobranca } = pagarComSaldo(plano.preco, saldo);
  const result = await chargeOnce(
    paymentDeps(deps.ctx),
    {
      userId,
      tipo: 'assinatura',
      valor: cobranca,
      descricao,
      paymentMethodId: input.paymentMethodId,
      idempotencyKey: input.idempotencyKey,
    },
    async (tx) => {
      if (await activeSubscription(tx, userId, now)) throw new HttpError(409, M.jaAssinante);
      await addSaldo(tx, userId, -usado);
      const [row] = await tx
        .insert(subscriptions)
        .values({
          user_id: userId,
          plano_id: plano.id,
          current_period_start: now,
          current_period_end: fimDoPeriodo(now, plano.periodo === 'A' ? 'A' : 'M'),
        })
        .returning({ id: subscriptions.id });
      return row?.id ?? null;
    },
  );
  await mailReceipt(deps, userId, result, descricao);
  return getPlanos(deps, userId);
}

/**
 * `PUT /api/planos/cancelar` (docs/payments-and-admin.md
 * "Subscription states"): `ends_at` = the period end; the plan lasts until
 * then. 409 none / already.
 */
export async function cancelSubscription(deps: PlanosDeps, userId: number): Promise<PlanosAnswer> {
  const { subscription } = await requireActive(deps, userId);
  if (subscription.ends_at) throw new HttpError(409, M.jaCancelado);
  const provider = billingOf(deps.ctx, subscription);
  const endsAt = provider
    ? (await provider.billing.setCancelAtPeriodEnd(provider.id, true)).current_period_end
    : subscription.current_period_end;
  await deps.ctx.database.db
    .update(subscriptions)
    .set({ ends_at: endsAt, updated_at: new Date() })
    .where(eq(subscriptions.id, subscription.id));
  return getPlanos(deps, userId);
}

/**
 * `PUT /api/planos/renovar` (docs/payments-and-admin.md "Subscription states"):
 * clears `ends_at`, so the plan renews at the period end. 409 none / not
 * cancelled.
 */
export async function renewSubscription(deps: PlanosDeps, userId: number): Promise<PlanosAnswer> {
  const { subscription } = await requireActive(deps, userId);
  if (!subscription.ends_at) throw new HttpError(409, M.naoCancelado);
  const provider = billingOf(deps.ctx, subscription);
  if (provider) await provider.billing.setCancelAtPeriodEnd(provider.id, false);
  await deps.ctx.database.db
    .update(subscriptions)
    .set({ ends_at: null, updated_at: new Date() })
    .where(eq(subscriptions.id, subscription.id));
  return getPlanos(deps, userId);
}

/**
 * What changing to plan `planoId` costs now (docs/payments-and-admin.md
 * "Changing plan"; shown before confirming): the unused part of the current
 * period credited, the credit balance used, and what is charged. Errors: 409 no
 * plan / same plan; 404.
 */
export async function previewPlanChange(
  deps: PlanosDeps,
  userId: number,
  planoId: number,
): Promise<{ plano: PlanoView; prorrateio: Prorrateio & { saldo_usado: number } }> {
  const db = deps.ctx.database.db;
  const now = (deps.now ?? (() => new Date()))();
  const { subscription, plano: atual } = await requireActive(deps, userId);
  const novo = await planoById(db, planoId);
  if (novo.id === atual.id) throw new HttpError(409, M.mesmoPlano);
  const provider = billingOf(deps.ctx, subscription);
  if (provider) {
    // Stripe prorates the change itself: its preview is what the confirmation charges.
    const quote = await provider.billing.quoteChange(provider.id, providerPrice(novo), now);
    return { plano: toPlanoView(novo), prorrateio: quote };
  }
  const conta = prorrateio({
    precoAtual: atual.preco,
    precoNovo: novo.preco,
    periodStart: subscription.current_period_start,
    periodEnd: subscription.current_period_end,
    now,
  });
  const saldo = (await savedCard(paymentDeps(deps.ctx), userId))?.saldo ?? 0;
  return { plano: toPlanoView(novo), prorrateio: { ...conta, ...pagarComSaldo(conta.cobranca, saldo) } };
}

/**
 * `PUT /api/planos/alterar/{id}` (docs/payments-and-admin.md "Changing plan"):
 * charges the new price less the unused part of the current period (and any
 * credit balance) to the saved card, once per idempotency key, and starts a
 * full period of the new plan now; credit beyond the new price stays as
 * balance. Errors: 409 no plan / same plan / no saved card / another plan
 * charge in flight; 404; 402.
 */
export async function changePlan(
  deps: PlanosDeps,
  userId: number,
  planoId: number,
  idempotencyKey: string,
): Promise<PlanosAnswer> {
  const now = (deps.now ?? (() => new Date()))();
  const { subscription, plano: atual } = await requireActive({ ...deps, now: () => now }, userId);
  const card = await savedCard(paymentDeps(deps.ctx), userId);
  if (!card) throw new HttpError(409, M.semCartao);
  const novo = await planoById(deps.ctx.database.db, planoId);
  if (novo.id === atual.id) throw new HttpError(409, M.mesmoPlano);
  const descricao = `Troca para o plano ${novo.nome}`;
  const request = {
    userId,
    tipo: 'troca_plano' as const,
    descricao,
    paymentMethodId: card.paymentMethodId,
    // The period's start changes with every change: a later change to the same plan is a new purchase.
    idempotencyKey: `${subscription.id}:${novo.id}:${subscription.current_period_start.getTime()}:${idempotencyKey}`,
  };
  const provider = billingOf(deps.ctx, subscription);
  let result: ChargeResult;
  if (provider) {
    // Stripe prorates, invoices and charges the change; its credit stays in the customer's balance.
    const price = providerPrice(novo);
    let changed: ProviderSubscription | null = null;
    result = await chargeOnce(
      paymentDeps(deps.ctx),
      {
        ...request,
        valor: novo.preco,
        collect: async (key) => {
          changed = await provider.billing.changePrice({
            id: provider.id,
            price,
            at: now,
            idempotencyKey: key,
            metadata: { user_id: String(userId), payment_key: key },
          });
          const invoice = changed.latestInvoice;
          return { providerId: invoice?.id ?? changed.id, valor: invoice?.amount_paid ?? 0, card: card.card };
        },
      },
      async (tx) => (changed ? mirrorSubscription(tx, { userId, planoId: novo.id, sub: changed }) : null),
    );
  } else {
    const { prorrateio: conta } = await previewPlanChange({ ...deps, now: () => now }, userId, planoId);
    result = await chargeOnce(paymentDeps(deps.ctx), { ...request, valor: conta.cobranca }, async (tx) => {
      await addSaldo(tx, userId, conta.saldo - conta.saldo_usado);
      await tx
        .update(subscriptions)
        .set({
          plano_id: novo.id,
          current_period_start: now,
          current_period_end: fimDoPeriodo(now, novo.periodo === 'A' ? 'A' : 'M'),
          ends_at: null,
          updated_at: now,
        })
        .where(eq(subscriptions.id, subscription.id));
      return subscription.id;
    });
  }
  await mailReceipt(deps, userId, result, descricao);
  return getPlanos(deps, userId);
}

/**
 * `PUT /api/planos/pagamento {payment_method}` (docs/payments-and-admin.md
 * "Saved card"): the new saved card, also the card of the active Stripe
 * Billing subscription. 402 when refused.
 */
export async function changeCard(
  deps: PlanosDeps,
  userId: number,
  paymentMethodId: string,
): Promise<CardView> {
  const card = await saveCard(paymentDeps(deps.ctx), userId, paymentMethodId);
  // A Stripe Billing subscription charges its own card: it follows the saved one.
  const active = await activeSubscription(deps.ctx.database.db, userId, (deps.now ?? (() => new Date()))());
  const provider = active ? billingOf(deps.ctx, active.subscription) : null;
  if (provider) await provider.billing.setPaymentMethod(provider.id, paymentMethodId);
  return card;
}
