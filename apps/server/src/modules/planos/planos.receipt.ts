import type { CardView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type payments, users } from '../../db/schema/index.ts';
import type { JobLog } from '../../platform/jobs.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { receiptMail } from '../../platform/mail-templates.ts';
import type { ChargeResult } from '../pagamentos/index.ts';

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
  await mailAccount(
    deps,
    input.userId,
    (user) =>
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
    { paymentId: payment.id, failure: 'receipt mail failed' },
  );
}

/**
 * Mails account `userId` the message `build` makes of its name and address;
 * nothing for an unknown account. A mail failure is logged with `log.failure`
 * and the rest of `log`, never thrown: what the mail tells stands.
 */
export async function mailAccount(
  deps: { ctx: AppContext; log: JobLog },
  userId: number,
  build: (user: { email: string; name: string }) => MailMessage,
  log: { failure: string } & Record<string, unknown>,
): Promise<void> {
  const [user] = await deps.ctx.database.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  const { failure, ...context } = log;
  try {
    await deps.ctx.mailer.send(build(user));
  } catch (error) {
    deps.log.warn({ err: error, ...context }, failure);
  }
}

/** Mails the receipt of a charge made now; nothing for a replay (its receipt went with the first answer). */
export async function mailReceipt(
  deps: { ctx: AppContext; log: JobLog },
  userId: number,
  result: ChargeResult,
  descricao: string,
): Promise<void> {
  if (result.replay) return;
  await sendPlanReceipt(deps, { userId, payment: result.payment, card: result.card, descricao });
}
