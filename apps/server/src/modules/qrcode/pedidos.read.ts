import type { Cidade } from '@pulso/domain';
import { PEDIDO_MESSAGES, precoPedido } from '@pulso/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cidades, coupons, qrcode_orders, users } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../errors.ts';
import { activeSubscription } from '../planos/index.ts';

/**
 * What is read of QR sticker orders (docs/api/pagamentos.md "QR sticker orders"): the purchase page's
 * prefilled address and price, an order as answered, the caller's orders. The order itself, its coupon
 * and its charge: pedidos.service.ts, cupons.service.ts.
 */

export interface PedidosDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** An order as listed (docs/api/pagamentos.md "QR sticker orders"): `created_at` ISO 8601, `status` A Aguardando / E Enviado. */
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

export type OrderRow = typeof qrcode_orders.$inferSelect;

/** The request clock of the order operations (tests inject one). */
export const nowOf = (deps: PedidosDeps) => (deps.now ?? (() => new Date()))();

/**
 * The caller's annual subscription whose free sticker set is still unused at
 * `now` (docs/api/pagamentos.md "QR sticker orders": free for annual-plan subscribers: one set per annual
 * subscription), or `null`.
 */
export async function freeSetSubscription(db: Db, userId: number, now: Date): Promise<number | null> {
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
 * `GET /api/qrcode/purchase` (docs/api/pagamentos.md "QR sticker orders"): the caller's address from their
 * emergency data (`geral`: endereco, bairro, cidade `{id, descricao}` or
 * null) to prefill step 2, and `valor`: centavos, R$ 19,90 (1990) or 0
 * while an annual subscriber's free set is available.
 */
export async function getPurchase(
  deps: PedidosDeps,
  userId: number,
): Promise<{
  geral: {
    endereco: string | null;
    bairro: string | null;
    complemento: string | null;
    cidade: Cidade | null;
  };
  valor: number;
}> {
  const db = deps.ctx.database.db;
  const [row] = await db
    .select({
      endereco: users.endereco,
      bairro: users.bairro,
      complemento: users.complemento,
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
      complemento: row.complemento,
      cidade: row.id !== null && row.nome ? { id: row.id, descricao: `${row.nome} - ${row.uf}` } : null,
    },
    valor: precoPedido({ kitGratis: free !== null, desconto: null }),
  };
}

export async function cidadeById(db: Db, id: number): Promise<Cidade> {
  const [row] = await db
    .select({ id: cidades.id, nome: cidades.nome, uf: cidades.uf })
    .from(cidades)
    .where(eq(cidades.id, id))
    .limit(1);
  if (!row) throw fieldError('cidade', PEDIDO_MESSAGES.cidade);
  return { id: row.id, descricao: `${row.nome} - ${row.uf}` };
}

/** An order row as `PUT /api/qrcode/purchase` answers it, with its city and coupon name. */
export async function orderView(db: Db, order: OrderRow): Promise<OrderView> {
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

/** The caller's order `id` (a paid payment's `referencia_id`); a missing one is a server fault. */
export async function orderById(db: Db, userId: number, id: number | null): Promise<OrderRow> {
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

/** The caller's orders, newest first (`GET /api/qrcode/orders`, and `orders` of `GET /api/qrcode`). */
export async function listOrders(db: Db, userId: number): Promise<OrderListItem[]> {
  const rows = await db
    .select({ id: qrcode_orders.id, created_at: qrcode_orders.created_at, status: qrcode_orders.status })
    .from(qrcode_orders)
    .where(eq(qrcode_orders.user_id, userId))
    .orderBy(desc(qrcode_orders.created_at), desc(qrcode_orders.id));
  return rows.map((r) => ({ id: r.id, created_at: r.created_at.toISOString(), status: r.status }));
}
