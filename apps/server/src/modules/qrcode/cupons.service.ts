import { cupomProblema, normalizeCupomNome, PEDIDO_MESSAGES } from '@pulso/domain';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema/index.ts';
import { fieldError, type HttpError, notFound } from '../../errors.ts';

/** Sticker-order coupons (docs/payments-and-admin.md "Coupons"): checked, claimed atomically, given back. */

type CouponRow = typeof coupons.$inferSelect;

/** The error for a coupon that cannot be used: 404 unknown or inactive; 422 `errors.coupon` expired or used up. */
function couponError(row: CouponRow | undefined, now: Date): HttpError {
  if (!row?.ativo) return notFound(PEDIDO_MESSAGES.cupomInvalido);
  const problema = cupomProblema(row, now);
  return fieldError(
    'coupon',
    problema === 'esgotado' ? PEDIDO_MESSAGES.cupomEsgotado : PEDIDO_MESSAGES.cupomExpirado,
  );
}

async function couponByName(db: Db, nome: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.nome, normalizeCupomNome(nome)))
    .limit(1);
  return row;
}

/**
 * `{nome, desconto}` (percent) of a coupon usable at `now`, the name compared without case or
 * surrounding spaces. Errors: 404 'Cupom inválido.' (unknown or inactive); 422 `errors.coupon`
 * 'Este cupom expirou.' or 'Este cupom já foi usado o número máximo de vezes.'.
 */
export async function usableCoupon(
  db: Db,
  nome: string,
  now: Date,
): Promise<{ nome: string; desconto: number }> {
  const row = await couponByName(db, nome);
  if (!row?.ativo || cupomProblema(row, now)) throw couponError(row, now);
  return { nome: row.nome, desconto: row.desconto };
}

/**
 * Claims one use of a coupon: `usos + 1` only while it is active, not
 * expired and under its limit, in one UPDATE, so concurrent orders never
 * take more uses than `limite_usos`. Errors as {@link checkCoupon}.
 */
export async function claimCoupon(db: Db, nome: string, now: Date): Promise<CouponRow> {
  const key = normalizeCupomNome(nome);
  const [claimed] = await db
    .update(coupons)
    .set({ usos: sql`${coupons.usos} + 1` })
    .where(
      and(
        eq(coupons.nome, key),
        eq(coupons.ativo, true),
        or(isNull(coupons.valido_ate), gte(coupons.valido_ate, now)),
        or(isNull(coupons.limite_usos), lt(coupons.usos, coupons.limite_usos)),
      ),
    )
    .returning();
  if (claimed) return claimed;
  throw couponError(await couponByName(db, key), now);
}

/** Gives back a use claimed by {@link claimCoupon} for an order that was not made. */
export async function releaseCoupon(db: Db, couponId: number): Promise<void> {
  await db
    .update(coupons)
    .set({ usos: sql`greatest(${coupons.usos} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}
