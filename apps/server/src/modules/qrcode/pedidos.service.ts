import {
  type Cidade,
  cupomProblema,
  type EnderecoEntrega,
  formatCentavos,
  normalizeCupomNome,
  PAGAMENTO_MESSAGES,
  PEDIDO_MESSAGES,
  precoPedido,
  QR_KIT_DESCRICAO,
} from '@pulso/domain';
import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  cidades,
  coupons,
  type payments,
  qrcode_orders,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { fieldError, HttpError, notFound } from '../../errors.ts';
import { receiptMail } from '../../platform/mail-templates.ts';
import {
  type ChargeDeps,
  type ChargeResult,
  chargeDeps,
  chargeOnce,
  findPayment,
  paymentKey,
  paymentRefused,
} from '../pagamentos/charge.service.ts';
import { type Compra, grantCompra, type PedidoCompra } from '../pagamentos/compras.ts';
import { activeSubscription } from '../planos/planos.service.ts';

/**
 * QR sticker orders (spec 2 §2 /qrcode/purchase, /qrcode/orders, §3 "QR
 * order", §4 "Coupon", "Purchase stepper", §7 "QR code"; issue 8 "QR sticker
 * orders"). The price is the server's ({@link precoPedido}): R$ 19,90 less
 * the coupon's percent, or 0 for an annual subscriber's one free set. A
 * coupon use is claimed atomically before the charge and given back when
 * nothing is bought; a total of 0 completes at once without a card.
 */

/** What the order operations need. */
export interface PedidosDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** An order as listed (spec 2 §3 "QR order"): `created_at` ISO 8601, `status` A Aguardando / E Enviado. */
export interface OrderListItem {
  id: number;
  created_at: string;
  status: string;
}

/** An order as answered by `PUT /api/qrcode/purchase`: the list fields and what was bought. */
export interface OrderView extends OrderListItem {
  code: string;
  endereco: string;
  bairro: string;
  cidade: Cidade;
  cep: string;
  complemento: string | null;
  /** Centavos paid (0: free). */
  valor: number;
  coupon: { nome: string; desconto: number } | null;
}

type OrderRow = typeof qrcode_orders.$inferSelect;

/** The coupon a request names, as `PUT /api/qrcode/purchase` receives it. */
export interface PedidoInput extends EnderecoEntrega {
  coupon: string | null;
  paymentMethodId: string | null;
  /** The `Idempotency-Key` header, or `null`. */
  idempotencyKey: string | null;
}

const nowOf = (deps: PedidosDeps) => (deps.now ?? (() => new Date()))();

/**
 * The caller's annual subscription whose free sticker set is still unused at
 * `now` (spec 2 §9 "free for annual-plan subscribers": one set per annual
 * subscription), or `null`.
 */
async function freeSetSubscription(db: Db, userId: number, now: Date): Promise<number | null> {
  const active = await activeSubscription(db, userId, now);
  if (active?.plano.periodo !== 'A') return null;
  const [used] = await db
    .select({ id: qrcode_orders.id })
    .from(qrcode_orders)
    .where(eq(qrcode_orders.subscription_id, active.subscription.id))
    .limit(1);
  return used ? null : active.subscription.id;
}

/**
 * `GET /api/qrcode/purchase` (spec 2 §7): the caller's address from their
 * emergency data (`geral`: endereco, bairro, cidade `{id, descricao}` or
 * null) to prefill step 2, and `valor`: centavos, R$ 19,90 (1990) or 0
 * while an annual subscriber's free set is available.
 */
export async function getPurchase(
  deps: PedidosDeps,
  userId: number,
): Promise<{
  geral: { endereco: string | null; bairro: string | null; cidade: Cidade | null };
  valor: number;
}> {
  const db = deps.ctx.database.db;
  const [row] = await db
    .select({
      endereco: users.endereco,
      bairro: users.bairro,
      id: cidades.id,
      nome: cidades.nome,
      uf: cidades.uf,
    })
    .from(users)
    .leftJoin(cidades, eq(cidades.id, users.cidade_id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const free = await freeSetSubscription(db, userId, nowOf(deps));
  return {
    geral: {
      endereco: row.endereco,
      bairro: row.bairro,
      cidade: row.id !== null && row.nome ? { id: row.id, descricao: `${row.nome} - ${row.uf}` } : null,
    },
    valor: precoPedido({ kitGratis: free !== null, desconto: null }),
  };
}

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
 * `GET /api/qrcode/coupon/{coupon}` (spec 2 §7): `{nome, desconto}` (percent)
 * of a usable coupon, the name compared without case or surrounding spaces.
 * Errors: 404 'Cupom inválido.' (unknown or inactive); 422 `errors.coupon`
 * 'Este cupom expirou.' or 'Este cupom já foi usado o número máximo de vezes.'.
 */
export async function checkCoupon(
  deps: PedidosDeps,
  nome: string,
): Promise<{ nome: string; desconto: number }> {
  const now = nowOf(deps);
  const row = await couponByName(deps.ctx.database.db, nome);
  if (!row?.ativo || cupomProblema(row, now)) throw couponError(row, now);
  return { nome: row.nome, desconto: row.desconto };
}

/**
 * Claims one use of a coupon: `usos + 1` only while it is active, not
 * expired and under its limit, in one UPDATE, so concurrent orders never
 * take more uses than `limite_usos`. Errors as {@link checkCoupon}.
 */
async function claimCoupon(db: Db, nome: string, now: Date): Promise<CouponRow> {
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
async function releaseCoupon(db: Db, couponId: number): Promise<void> {
  await db
    .update(coupons)
    .set({ usos: sql`greatest(${coupons.usos} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}

async function cidadeById(db: Db, id: number): Promise<Cidade> {
  const [row] = await db
    .select({ id: cidades.id, nome: cidades.nome, uf: cidades.uf })
    .from(cidades)
    .where(eq(cidades.id, id))
    .limit(1);
  if (!row) throw fieldError('cidade', PEDIDO_MESSAGES.cidade);
  return { id: row.id, descricao: `${row.nome} - ${row.uf}` };
}

async function orderView(db: Db, order: OrderRow): Promise<OrderView> {
  let coupon: OrderView['coupon'] = null;
  if (order.coupon_id !== null) {
    const [row] = await db
      .select({ nome: coupons.nome })
      .from(coupons)
      .where(eq(coupons.id, order.coupon_id));
    if (row) coupon = { nome: row.nome, desconto: order.desconto ?? 0 };
  }
  return {
    id: order.id,
    created_at: order.created_at.toISOString(),
    status: order.status,
    code: order.code,
    endereco: order.endereco,
    bairro: order.bairro,
    cidade: await cidadeById(db, order.cidade_id),
    cep: order.cep,
    complemento: order.complemento,
    valor: order.valor,
    coupon,
  };
}

async function orderById(db: Db, userId: number, id: number | null): Promise<OrderRow> {
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(qrcode_orders)
          .where(and(eq(qrcode_orders.id, id), eq(qrcode_orders.user_id, userId)))
          .limit(1);
  if (!row) throw new Error('ordered payment without its order');
  return row;
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
 * `PUT /api/qrcode/purchase` (spec 2 §7; issue 8): orders one sticker set
 * with the caller's own code and address. The price is recomputed here (a
 * client `valor` or `desconto` is never read):
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
    const free = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
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

/** The caller's orders, newest first (`GET /api/qrcode/orders`, and `orders` of `GET /api/qrcode`). */
export async function listOrders(db: Db, userId: number): Promise<OrderListItem[]> {
  const rows = await db
    .select({ id: qrcode_orders.id, created_at: qrcode_orders.created_at, status: qrcode_orders.status })
    .from(qrcode_orders)
    .where(eq(qrcode_orders.user_id, userId))
    .orderBy(desc(qrcode_orders.created_at), desc(qrcode_orders.id));
  return rows.map((r) => ({ id: r.id, created_at: r.created_at.toISOString(), status: r.status }));
}
