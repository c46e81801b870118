import {
  ADESIVO_TAMANHOS_MM,
  ADESIVOS_POR_KIT,
  ADMIN_PEDIDO_MESSAGES,
  formatCep,
  type PedidoStatusFiltro,
} from '@pulso/domain';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cidades, coupons, qrcode_orders, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import { pedidoEnviadoMail } from '../../platform/mail-templates.ts';
import { type Sticker, stickerSheetPdf } from './sticker-sheet.ts';

/**
 * Sticker orders in the admin area (issue 9 "Orders";
 * docs/payments-and-admin.md "Sticker orders"): list and filter by status,
 * read one order with the buyer and the address, mark it sent (the patient
 * gets an e-mail and a push), print its sticker sheet.
 */

/** An order as listed: number, when, status A/E, the code printed, the buyer's name, the city, centavos paid. */
export interface AdminPedidoItem {
  id: number;
  created_at: string;
  status: string;
  code: string;
  nome: string;
  cidade: string;
  valor: number;
}

/** One order in full: the list fields, the buyer, the address (`cep` `#####-###`), the coupon, the shipping. */
export interface AdminPedido extends AdminPedidoItem {
  comprador: { id: number; name: string; email: string };
  endereco: string;
  bairro: string;
  cep: string;
  complemento: string | null;
  coupon: { nome: string; desconto: number } | null;
  /** The annual plan's free set (`subscription_id` set). */
  plano_anual: boolean;
  rastreio: string | null;
  enviado_em: string | null;
}

const columns = {
  id: qrcode_orders.id,
  created_at: qrcode_orders.created_at,
  status: qrcode_orders.status,
  code: qrcode_orders.code,
  nome: users.name,
  cidade_nome: cidades.nome,
  uf: cidades.uf,
  valor: qrcode_orders.valor,
};

/**
 * The orders, newest first (by number), `limit` at a time, those before
 * order `before` when given, of status `status` when given. `next` is the
 * next page's `before`, `null` at the end.
 */
export async function listPedidos(
  db: Db,
  filter: { status?: PedidoStatusFiltro; before?: number; limit: number },
): Promise<{ pedidos: AdminPedidoItem[]; next: number | null }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(qrcode_orders.status, filter.status));
  if (filter.before) where.push(lt(qrcode_orders.id, filter.before));
  const rows = await db
    .select(columns)
    .from(qrcode_orders)
    .innerJoin(users, eq(users.id, qrcode_orders.user_id))
    .innerJoin(cidades, eq(cidades.id, qrcode_orders.cidade_id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(qrcode_orders.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit).map((r) => ({
    id: r.id,
    created_at: r.created_at.toISOString(),
    status: r.status,
    code: r.code,
    nome: r.nome,
    cidade: `${r.cidade_nome} - ${r.uf}`,
    valor: r.valor,
  }));
  return { pedidos: page, next: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null };
}

/** One order in full. Errors: 404 'Pedido não encontrado.'. */
export async function getPedido(db: Db, id: number): Promise<AdminPedido> {
  const [r] = await db
    .select({
      ...columns,
      user_id: users.id,
      email: users.email,
      endereco: qrcode_orders.endereco,
      bairro: qrcode_orders.bairro,
      cep: qrcode_orders.cep,
      complemento: qrcode_orders.complemento,
      coupon_nome: coupons.nome,
      desconto: qrcode_orders.desconto,
      subscription_id: qrcode_orders.subscription_id,
      rastreio: qrcode_orders.rastreio,
      enviado_em: qrcode_orders.enviado_em,
    })
    .from(qrcode_orders)
    .innerJoin(users, eq(users.id, qrcode_orders.user_id))
    .innerJoin(cidades, eq(cidades.id, qrcode_orders.cidade_id))
    .leftJoin(coupons, eq(coupons.id, qrcode_orders.coupon_id))
    .where(eq(qrcode_orders.id, id))
    .limit(1);
  if (!r) throw notFound(ADMIN_PEDIDO_MESSAGES.naoEncontrado);
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    status: r.status,
    code: r.code,
    nome: r.nome,
    cidade: `${r.cidade_nome} - ${r.uf}`,
    valor: r.valor,
    comprador: { id: r.user_id, name: r.nome, email: r.email },
    endereco: r.endereco,
    bairro: r.bairro,
    cep: formatCep(r.cep),
    complemento: r.complemento,
    coupon: r.coupon_nome ? { nome: r.coupon_nome, desconto: r.desconto ?? 0 } : null,
    plano_anual: r.subscription_id !== null,
    rastreio: r.rastreio,
    enviado_em: r.enviado_em?.toISOString() ?? null,
  };
}

/** What marking an order sent needs: the app's adapters and the request's logger. */
export interface EnviarDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Marks order `id` sent (issue 9 "Orders"): status A → E, `enviado_em` now,
 * `rastreio` (a normalised Correios code or `null`), audited as
 * `pedido.enviar` in the same transaction. The status changes in one
 * conditional UPDATE, so two clicks (or two staff) mark it once. After the
 * commit the buyer gets the 'Seus adesivos foram enviados' e-mail and a push
 * (no health data in either); a failure of either is logged, never undoes
 * the change. Answers the order.
 * Errors: 404 'Pedido não encontrado.'; 409 'Este pedido já foi marcado como
 * enviado.' (refused, not idempotent: a second mark would tell the patient
 * twice and could overwrite the tracking code).
 */
export async function markEnviado(
  deps: EnviarDeps,
  actor: AuditActor,
  id: number,
  rastreio: string | null,
): Promise<AdminPedido> {
  const db = deps.ctx.database.db;
  const now = (deps.now ?? (() => new Date()))();
  const sent = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(qrcode_orders)
      .set({ status: 'E', rastreio, enviado_em: now })
      .where(and(eq(qrcode_orders.id, id), eq(qrcode_orders.status, 'A')))
      .returning({ id: qrcode_orders.id, user_id: qrcode_orders.user_id });
    if (!row) return null;
    await audit(tx, actor, {
      acao: 'pedido.enviar',
      entidade: 'pedido',
      entidade_id: id,
      antes: { status: 'A', rastreio: null, enviado_em: null },
      depois: { status: 'E', rastreio, enviado_em: now.toISOString() },
    });
    return row;
  });
  if (!sent) {
    const [exists] = await db
      .select({ id: qrcode_orders.id })
      .from(qrcode_orders)
      .where(eq(qrcode_orders.id, id))
      .limit(1);
    if (!exists) throw notFound(ADMIN_PEDIDO_MESSAGES.naoEncontrado);
    throw new HttpError(409, ADMIN_PEDIDO_MESSAGES.jaEnviado);
  }
  const pedido = await getPedido(db, id);
  await notifyBuyer(deps, pedido);
  return pedido;
}

async function notifyBuyer(deps: EnviarDeps, pedido: AdminPedido): Promise<void> {
  const { ctx, log } = deps;
  try {
    await ctx.mailer.send(
      pedidoEnviadoMail({
        to: pedido.comprador.email,
        name: pedido.comprador.name,
        pedidoId: pedido.id,
        rastreio: pedido.rastreio,
        link: `${ctx.config.publicOrigin}/qrcode/orders`,
      }),
    );
  } catch (error) {
    log.warn({ err: error, pedidoId: pedido.id }, 'order-sent mail failed');
  }
  try {
    await ctx.push.sendToUser(
      pedido.comprador.id,
      {
        title: 'Seus adesivos foram enviados',
        body: `Pedido nº ${pedido.id} enviado pelos Correios.`,
        url: '/qrcode/orders',
      },
      { log, urgency: 'normal' },
    );
  } catch (error) {
    log.warn({ err: error, pedidoId: pedido.id }, 'order-sent push failed');
  }
}

/**
 * The sticker sheet of order `id`: its set of {@link ADESIVOS_POR_KIT}
 * stickers of the order's code, half 40×30 mm and half 30×20 mm
 * (docs/payments-and-admin.md "Sticker orders").
 * Errors: 404.
 */
export async function pedidoPdf(db: Db, origin: string, id: number): Promise<Buffer> {
  const [row] = await db
    .select({ code: qrcode_orders.code })
    .from(qrcode_orders)
    .where(eq(qrcode_orders.id, id))
    .limit(1);
  if (!row) throw notFound(ADMIN_PEDIDO_MESSAGES.naoEncontrado);
  const tamanhos = [...ADESIVO_TAMANHOS_MM].reverse();
  const stickers: Sticker[] = Array.from({ length: ADESIVOS_POR_KIT }, (_, i) => ({
    code: row.code,
    tamanho: tamanhos[Math.floor((i * tamanhos.length) / ADESIVOS_POR_KIT)] ?? { largura: 40, altura: 30 },
  }));
  return stickerSheetPdf({ titulo: `Pulso · Pedido nº ${id}`, origin, stickers });
}
