import { fimDoPeriodo, pagarComSaldo } from '@pulso/domain';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { planos, subscriptions, users } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import type { JobLog } from '../../platform/jobs.ts';
import { renewalFailedMail } from '../../platform/mail-templates.ts';
import { addSaldo, chargeDeps, chargeOnce, savedCard } from '../pagamentos/index.ts';
import { mailAccount, sendPlanReceipt } from './planos.receipt.ts';

/** How often the renewal job runs (ms): a plan renews at most this late after its period ends. */
export const RENEWAL_JOB_MS = 10 * 60 * 1000;

/** Most subscriptions one run renews (the next run takes the rest). */
const BATCH = 100;

/**
 * The renewal job (issue 8 "Renewal at period end"; one node runs it, see
 * `platform/jobs.ts`): each subscription whose period has ended and that was
 * not cancelled (`ends_at` null) is charged its plan's price (less any
 * credit balance) on the saved card, once per period (the idempotency key is
 * the subscription and the period's end), and moves on one period. A refused
 * or missing card ends the plan at the period's end (`ends_at`), so the
 * trial lock applies again, and the patient is told by e-mail. Answers how
 * many were renewed and ended.
 */
export async function renewDueSubscriptions(
  ctx: AppContext,
  log: JobLog,
  now: Date = new Date(),
): Promise<{ renewed: number; ended: number }> {
  const db = ctx.database.db;
  const due = await db
    .select()
    .from(subscriptions)
    .innerJoin(planos, eq(planos.id, subscriptions.plano_id))
    .innerJoin(users, eq(users.id, subscriptions.user_id))
    .where(
      and(
        isNull(subscriptions.ends_at),
        // Stripe Billing renews its own subscriptions (webhooks, billing-events.ts).
        isNull(subscriptions.provider_subscription_id),
        lte(subscriptions.current_period_end, now),
      ),
    )
    .orderBy(asc(subscriptions.current_period_end), asc(subscriptions.id))
    .limit(BATCH);
  let renewed = 0;
  let ended = 0;
  for (const { subscriptions: sub, planos: plano, users: user } of due) {
    const end = async (reason: string) => {
      await db
        .update(subscriptions)
        .set({ ends_at: sub.current_period_end, updated_at: now })
        .where(and(eq(subscriptions.id, sub.id), isNull(subscriptions.ends_at)));
      ended += 1;
      log.info({ subscriptionId: sub.id, reason }, 'subscription ended at renewal');
      await mailRenewalFailure(
        { ctx, log },
        { userId: user.id, subscriptionId: sub.id, plano: plano.nome, reason },
      );
    };
    const card = await savedCard({ db, payments: ctx.payments }, sub.user_id);
    if (!card) {
      await end('Não há cartão cadastrado.');
      continue;
    }
    const { saldo_usado: usado, cobranca } = pagarComSaldo(plano.preco, card.saldo);
    const periodo = plano.periodo === 'A' ? 'A' : 'M';
    const descricao = `Renovação do plano ${plano.nome}`;
    try {
      const result = await chargeOnce(
        chargeDeps(ctx),
        {
          userId: sub.user_id,
          tipo: 'renovacao',
          valor: cobranca,
          descricao,
          paymentMethodId: card.paymentMethodId,
          idempotencyKey: `${sub.id}:${sub.current_period_end.getTime()}`,
        },
        async (tx) => {
          await addSaldo(tx, sub.user_id, -usado);
          await tx
            .update(subscriptions)
            .set({
              current_period_start: sub.current_period_end,
              current_period_end: fimDoPeriodo(sub.current_period_end, periodo),
              updated_at: now,
            })
            .where(eq(subscriptions.id, sub.id));
          return sub.id;
        },
      );
      renewed += 1;
      if (!result.replay) {
        await sendPlanReceipt(
          { ctx, log },
          { userId: sub.user_id, payment: result.payment, card: card.card, descricao },
        );
      }
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 402) await end(error.message);
      else if (error instanceof HttpError && error.statusCode === 409) continue;
      else log.error({ err: error, subscriptionId: sub.id }, 'renewal failed; retried on the next run');
    }
  }
  return { renewed, ended };
}

/**
 * Mails the patient that the plan could not be renewed and why (issue 8: a
 * failed renewal ends the plan). A mail failure is logged, never thrown.
 */
export async function mailRenewalFailure(
  deps: { ctx: AppContext; log: JobLog },
  input: { userId: number; subscriptionId: number; plano: string; reason: string },
): Promise<void> {
  await mailAccount(
    deps,
    input.userId,
    (user) =>
      renewalFailedMail({
        to: user.email,
        name: user.name,
        plano: input.plano,
        reason: input.reason,
        link: `${deps.ctx.config.publicOrigin}/planos`,
      }),
    { subscriptionId: input.subscriptionId, failure: 'renewal failure mail failed' },
  );
}
