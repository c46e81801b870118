import type { Db } from '../../db/client.ts';
import { creditos, qrcode_orders } from '../../db/schema/index.ts';

/**
 * What a one-off payment buys (`payments.compra`), stored with the payment
 * before the card is charged, so whoever learns it was paid grants it: the
 * request that charged, or Stripe's `payment_intent.succeeded` webhook when
 * that request died after Stripe charged (issue 8: every payment recorded;
 * LGPD: nothing lost). Granted once: the payment row is locked and moves
 * from `pendente` to `pago` in the granting transaction.
 */
export type Compra =
  | { tipo: 'atendimento' }
  | {
      tipo: 'pedido';
      /** The order's columns (docs/payments-and-admin.md "Sticker orders"); `valor` in centavos. */
      pedido: {
        code: string;
        endereco: string;
        bairro: string;
        cidade_id: number;
        cep: string;
        complemento: string | null;
        valor: number;
        coupon_id?: number | null;
        desconto?: number | null;
        subscription_id?: number | null;
      };
    };

/** The columns of a sticker order bought (`Compra` of tipo `pedido`). */
export type PedidoCompra = Extract<Compra, { tipo: 'pedido' }>['pedido'];

/**
 * Grants `compra` to `userId` inside `tx` and answers the id of what was
 * made (`payments.referencia_id`): one single-session credit (`hasCredit`)
 * for `atendimento`, the sticker order for `pedido`.
 */
export async function grantCompra(tx: Db, userId: number, compra: Compra): Promise<number> {
  if (compra.tipo === 'atendimento') {
    const [credito] = await tx
      .insert(creditos)
      .values({ user_id: userId, origem: 'compra' })
      .returning({ id: creditos.id });
    if (!credito) throw new Error('credit not inserted');
    return credito.id;
  }
  const [order] = await tx
    .insert(qrcode_orders)
    .values({ user_id: userId, ...compra.pedido })
    .returning({ id: qrcode_orders.id });
  if (!order) throw new Error('order not inserted');
  return order.id;
}
