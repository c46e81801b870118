import type { CardView } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type payments, users } from '../../db/schema/index.ts';
import type { JobLog } from '../../platform/jobs.ts';
import { receiptMail } from '../../platform/mail-templates.ts';
import type { ChargeResult } from '../pagamentos/charge.service.ts';

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
