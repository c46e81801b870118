import type { Cidade, EnderecoEntrega } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api.ts';
import { idempotencyHeaders, refreshAfterPayment } from '../../../ui/payment/after-payment.ts';

/**
 * An order as listed (docs/payments-and-admin.md "Sticker orders"): `created_at` ISO instant,
 * `status` A Aguardando / E Enviado.
 */
export interface OrderItem {
  id: number;
  created_at: string;
  status: string;
}

/** `GET /api/qrcode/purchase`: the address to prefill (step 2) and the price in centavos (0: annual free set). */
export interface PurchaseInfo {
  geral: {
    endereco: string | null;
    bairro: string | null;
    complemento: string | null;
    cidade: Cidade | null;
  };
  valor: number;
}

/** A usable coupon: `desconto` is a percent. */
export interface Coupon {
  nome: string;
  desconto: number;
}

/** Query key of the purchase data. */
export const purchaseQueryKey = ['qrcode', 'purchase'] as const;
/** Query key of the caller's orders. */
export const ordersQueryKey = ['qrcode', 'orders'] as const;

/** `GET /api/qrcode/purchase` (docs/payments-and-admin.md "Sticker orders"). */
export function usePurchaseInfo() {
  return useQuery({
    queryKey: purchaseQueryKey,
    queryFn: ({ signal }) => api.get<PurchaseInfo>('/qrcode/purchase', signal),
  });
}

/** `GET /api/qrcode/orders` (docs/payments-and-admin.md "Sticker orders"): newest first. */
export function useOrders() {
  return useQuery({
    queryKey: ordersQueryKey,
    queryFn: ({ signal }) => api.get<{ orders: OrderItem[] }>('/qrcode/orders', signal),
  });
}

/**
 * `GET /api/qrcode/coupon/{coupon}` → the coupon; fails with the server's
 * message ('Cupom inválido.', expired, used up), which the page shows.
 */
export function useCheckCoupon() {
  return useMutation({
    mutationFn: async (nome: string) =>
      (await api.get<{ coupon: Coupon }>(`/qrcode/coupon/${encodeURIComponent(nome.trim())}`)).coupon,
  });
}

/** What `PUT /api/qrcode/purchase` is given: the address, the coupon, the card (none for a free order). */
export interface OrderInput {
  endereco: EnderecoEntrega;
  coupon: Coupon | null;
  /**
   * The total shown, centavos: sent because the documented body carries it (docs/api/pagamentos.md
   * "QR sticker orders"), never read there: the server prices on its own.
   */
  valor: number;
  paymentMethod: string | null;
  idempotencyKey: string;
}

/**
 * `PUT /api/qrcode/purchase` with the `Idempotency-Key`
 * (docs/payments-and-admin.md "Sticker orders"; payload: endereco, bairro,
 * cidade, cep digits, complemento, valor, coupon {nome, desconto},
 * payment_method) → 'Pedido realizado com sucesso!'. Errors: 402 the provider's
 * message; 404/422 the coupon's or the address's message.
 * On success every read is refreshed (the orders, 'Meus pedidos', the price).
 */
export function useOrderStickers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endereco, coupon, valor, paymentMethod, idempotencyKey }: OrderInput) =>
      apiFetch<{ message: string; order: OrderItem }>('/qrcode/purchase', {
        method: 'PUT',
        body: {
          ...endereco,
          valor,
          ...(coupon ? { coupon } : {}),
          ...(paymentMethod ? { payment_method: paymentMethod } : {}),
        },
        headers: idempotencyHeaders(idempotencyKey),
      }),
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
