import { type PagamentoPrevisto, pagamentoPrevisto, planQuota } from '@pulso/domain';
import { and, count, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { atendimentos, creditos, planos, subscriptions } from '../../db/schema/index.ts';

/**
 * What pays for a patient's next care request, read before the request
 * (docs/api/telemedicina.md "What a request will use") and while paying it
 * (solicitacao.service.ts).
 */

/**
 * Sessions the plan of user `userId` still pays for in its subscription's
 * current period: `planQuota` minus the sessions paid by the plan created
 * in that period, refused ones and `besides` (the request being paid) not
 * counted; 0 without an active type-1 plan. With `lock` the subscription
 * row is locked (`FOR UPDATE`), so concurrent requests count one after the other.
 */
export async function planQuotaLeft(
  db: Db,
  userId: number,
  { lock, besides }: { lock: boolean; besides: number | null },
): Promise<number> {
  const query = db
    .select({
      tipo: planos.tipo,
      periodo: planos.periodo,
      start: subscriptions.current_period_start,
      end: subscriptions.current_period_end,
    })
    .from(subscriptions)
    .innerJoin(planos, eq(planos.id, subscriptions.plano_id))
    .where(
      and(
        eq(subscriptions.user_id, userId),
        sql`${subscriptions.current_period_start} <= now()`,
        sql`${subscriptions.current_period_end} > now()`,
      ),
    )
    .orderBy(desc(subscriptions.current_period_end), desc(subscriptions.id))
    .limit(1);
  const [sub] = lock ? await query.for('update', { of: subscriptions }) : await query;
  if (!sub || (sub.periodo !== 'M' && sub.periodo !== 'A')) return 0;
  const [used] = await db
    .select({ n: count() })
    .from(atendimentos)
    .where(
      and(
        eq(atendimentos.user_id, userId),
        eq(atendimentos.pagamento, 'plano'),
        ne(atendimentos.status, 'R'),
        besides === null ? undefined : ne(atendimentos.id, besides),
        gte(atendimentos.created_at, sub.start),
        lt(atendimentos.created_at, sub.end),
      ),
    );
  return Math.max(0, planQuota({ type: sub.tipo, periodo: sub.periodo }) - (used?.n ?? 0));
}

/**
 * What a request to doctor `medico` would use now for user `userId`
 * (docs/api/telemedicina.md "What a request will use"): the same counts as
 * {@link pay}, read without locking or claiming anything.
 */
export async function readPagamentoPrevisto(
  db: Db,
  userId: number,
  medico: { suporte: boolean },
): Promise<PagamentoPrevisto> {
  if (medico.suporte) return pagamentoPrevisto({ suporte: true, quotaLeft: 0, credits: 0 });
  const [quotaLeft, [credits]] = await Promise.all([
    planQuotaLeft(db, userId, { lock: false, besides: null }),
    db
      .select({ n: count() })
      .from(creditos)
      .where(and(eq(creditos.user_id, userId), isNull(creditos.used_at))),
  ]);
  return pagamentoPrevisto({ suporte: false, quotaLeft, credits: credits?.n ?? 0 });
}
