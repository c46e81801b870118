import {
  type EnderecoEntrega,
  formatCentavos,
  PAGAMENTO_MESSAGES,
  PEDIDO_MESSAGES,
  precoPedido,
  QR_KIT_DESCRICAO,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type payments, qrcode_orders, subscriptions, users } from '../../db/schema/index.ts';
import { fieldError, HttpError, notFound } from '../../errors.ts';
import { receiptMail } from '../../platform/mail-templates.ts';
import {
  type ChargeDeps,
  type ChargeResult,
  type Compra,
  chargeDeps,
  chargeOnce,
  findPayment,
  grantCompra,
  type PedidoCompra,
  paymentKey,
  paymentRefused,
} from '../pagamentos/index.ts';
import { claimCoupon, releaseCoupon, usableCoupon } from './cupons.service.ts';
import {
  cidadeById,
  freeSetSubscription,
  nowOf,
  type OrderRow,
  type OrderView,
  orderById,
  orderView,
  type PedidosDeps,
} from './pedidos.read.ts';

/**
 * QR sticker orders (/qrcode/purchase, /qrcode/orders;
 * docs/payments-and-admin.md "Sticker orders", "Coupons"; issue 8 "QR sticker
 * orders"). The price is the server's ({@link precoPedido}): R$ 19,90 less
 * the coupon's percent, or 0 for an annual subscriber's one free set. A
 * coupon use is claimed atomically before the charge and given back when
 * nothing is bought; a total of 0 completes at once without a card.
 */

/** The coupon a request names, as `PUT /api/qrcode/purchase` receives it. */
export interface PedidoInput extends EnderecoEntrega {
  coupon: string | null;
  paymentMethodId: string | null;
  /** The `Idempotency-Key` header, or `null`. */
  idempotencyKey: string | null;
}

/**
 * `GET /api/qrcode/coupon/{coupon}` (docs/api/pagamentos.md "QR sticker orders"): {@link usableCoupon} now.
 */
export function checkCoupon(deps: PedidosDeps, nome: string): Promise<{ nome: string; desconto: number }> {
  return usableCoupon(deps.ctx.database.db, nome, nowOf(deps));
}

/**
 * What an earlier request with the same key did, as `chargeOnce` records it
 * (`payments.idempotency_key` = `paymentKey(user, "pedido", key)`): paid → that order;
 * refused → 402 with the same message; in flight → 409; left `pendente` beyond
 * the takeover window (its process died mid-charge) → `{retomar}`, the
 * payment to take over; unseen → `null`.
 */
async function earlierAttempt(
  deps: ChargeDeps,
  userId: number,
  key: string,
): Promise<OrderRow | { retomar: typeof payments.$inferSelect } | null> {
  const earlier = await findPayment(deps.db, paymentKey(userId, 'pedido', key), deps.retomadaMs);
  if (!earlier) return null;
  const { payment } = earlier;
  if (payment.status === 'pago') return orderById(deps.db, userId, payment.referencia_id);
  if (payment.status === 'recusado') throw paymentRefused(payment.falha ?? PAGAMENTO_MESSAGES.indisponivel);
  if (earlier.retomavel && payment.compra) return { retomar: payment };
  throw new HttpError(409, PAGAMENTO_MESSAGES.emAndamento);
}

/**
 * `PUT /api/qrcode/purchase` (docs/payments-and-admin.md "Sticker orders";
 * issue 8): orders one sticker set with the caller's own code and address.
 * The price is recomputed here (a client `valor` or `desconto` is never
 * read):
 * - an annual subscriber's unused free set → 0, stored with
 *   `subscription_id` (the subscription row is locked, so two orders at once
 *   take it once), any coupon ignored;
 * - otherwise R$ 19,90 less the coupon, whose use is claimed first and given
 *   back when the order is not made (refused card, error, a replayed key).
 * A total above 0 is charged to `paymentMethodId` through `chargeOnce`
 * (tipo `pedido`, the key `idempotencyKey` or `pm:{id}`), the order
 * inserted in the transaction that records the payment, a receipt mailed;
 * a total of 0 is recorded at once without a card. The same key again
 * answers the first order and charges nothing.
 * Errors: 402 provider's message; 404 'Cupom inválido.'; 409 in flight;
 * 422 `errors.cidade` (unknown municipality), `errors.coupon` (expired, used
 * up), `errors.payment_method` (a price above 0 without a card).
 */
export async function orderStickers(
  deps: PedidosDeps,
  userId: number,
  input: PedidoInput,
): Promise<{ message: string; order: OrderView; created: boolean }> {
  const { ctx } = deps;
  const db = ctx.database.db;
  const now = nowOf(deps);
  const answer = async (order: OrderRow, created: boolean) => ({
    message: PEDIDO_MESSAGES.ordered,
    order: await orderView(db, order),
    created,
  });
  if (!input.cidade) throw fieldError('cidade', PEDIDO_MESSAGES.cidade);
  const cidade = await cidadeById(db, input.cidade.id);
  const charging = chargeDeps(ctx);
  const key = input.idempotencyKey ?? (input.paymentMethodId ? `pm:${input.paymentMethodId}` : null);
  if (key) {
    const earlier = await earlierAttempt(charging, userId, key);
    if (earlier && 'retomar' in earlier) {
      // Its request died mid-charge: finish that order as it was priced and recorded (its coupon use
      // stands), charging under the same key; nothing is priced or claimed again.
      if (earlier.retomar.valor > 0 && !input.paymentMethodId) {
        throw fieldError('payment_method', PAGAMENTO_MESSAGES.paymentMethod);
      }
      const result = await chargeOnce(charging, {
        userId,
        tipo: 'pedido',
        valor: earlier.retomar.valor,
        descricao: earlier.retomar.descricao,
        paymentMethodId: input.paymentMethodId ?? '',
        idempotencyKey: key,
        compra: earlier.retomar.compra as Compra,
      });
      deps.log.info({ paymentId: result.payment.id, replay: result.replay }, 'sticker order taken over');
      return answer(await orderById(db, userId, result.payment.referencia_id), !result.replay);
    }
    if (earlier) return answer(earlier, false);
  }
  const [buyer] = await db
    .select({ code: users.code, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!buyer) throw notFound();
  const values = {
    code: buyer.code,
    endereco: input.endereco,
    bairro: input.bairro,
    cidade_id: cidade.id,
    cep: input.cep,
    complemento: input.complemento,
  };
  /** The order as a purchase (`payments.compra`), with its price and coupon or free set. */
  const compraOf = (
    extra: Pick<PedidoCompra, 'valor' | 'coupon_id' | 'desconto' | 'subscription_id'>,
  ): Compra => ({ tipo: 'pedido', pedido: { ...values, ...extra } });
  const insertOrder = async (tx: Db, compra: Compra) =>
    orderById(tx, userId, await grantCompra(tx, userId, compra));

  // An annual subscriber's free set: the subscription row is locked while the set is taken.
  const freeSub = await freeSetSubscription(db, userId, now);
  if (freeSub !== null) {
    const free = await db.transaction(async (tx) => {
      await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.id, freeSub))
        .for('update');
      const [used] = await tx
        .select({ id: qrcode_orders.id })
        .from(qrcode_orders)
        .where(eq(qrcode_orders.subscription_id, freeSub))
        .limit(1);
      if (used) return null;
      const compra = compraOf({ valor: 0, subscription_id: freeSub });
      if (!key) return insertOrder(tx, compra);
      const result = await chargeOnce(
        { ...charging, db: tx },
        {
          userId,
          tipo: 'pedido',
          valor: 0,
          descricao: `${QR_KIT_DESCRICAO.titulo} (grátis no plano anual)`,
          paymentMethodId: '',
          idempotencyKey: key,
          compra,
        },
      );
      return orderById(tx, userId, result.payment.referencia_id);
    });
    if (free) {
      deps.log.info({ orderId: free.id, subscriptionId: freeSub }, 'free sticker set ordered');
      return answer(free, true);
    }
    // Taken meanwhile (a concurrent order, perhaps with this very key): answer as if it had never been free.
    if (key) {
      const earlier = await earlierAttempt(charging, userId, key);
      if (earlier && !('retomar' in earlier)) return answer(earlier, false);
    }
  }

  const coupon = input.coupon ? await claimCoupon(db, input.coupon, now) : null;
  let result: ChargeResult | null = null;
  try {
    const valor = precoPedido({ kitGratis: false, desconto: coupon?.desconto ?? null });
    if (valor > 0 && !input.paymentMethodId) {
      throw fieldError('payment_method', PAGAMENTO_MESSAGES.paymentMethod);
    }
    const compra = compraOf({ valor, coupon_id: coupon?.id ?? null, desconto: coupon?.desconto ?? null });
    if (!key) {
      // Free by coupon, no key: nothing to charge or replay.
      const order = await insertOrder(db, compra);
      return answer(order, true);
    }
    const descricao = coupon
      ? `${QR_KIT_DESCRICAO.titulo} (cupom ${coupon.nome}, ${coupon.desconto}%)`
      : QR_KIT_DESCRICAO.titulo;
    result = await chargeOnce(charging, {
      userId,
      tipo: 'pedido',
      valor,
      descricao,
      paymentMethodId: input.paymentMethodId ?? '',
      idempotencyKey: key,
      compra,
    });
  } finally {
    // No new order (refused, failed, or the key had already bought one): the use goes back.
    if (coupon && (result === null || result.replay)) await releaseCoupon(db, coupon.id);
  }
  const order = await orderById(db, userId, result.payment.referencia_id);
  if (!result.replay && result.payment.valor > 0) {
    try {
      await ctx.mailer.send(
        receiptMail({
          to: buyer.email,
          name: buyer.name,
          descricao: result.payment.descricao,
          valor: result.payment.valor,
          card: result.card,
          paidAt: result.payment.updated_at,
          paymentId: result.payment.id,
          action: 'Ver meus pedidos',
          link: `${ctx.config.publicOrigin}/qrcode/orders`,
        }),
      );
    } catch (error) {
      deps.log.warn({ err: error, paymentId: result.payment.id }, 'receipt mail failed');
    }
  }
  deps.log.info(
    { orderId: order.id, replay: result.replay, valor: formatCentavos(result.payment.valor) },
    'sticker set ordered',
  );
  return answer(order, !result.replay);
}
