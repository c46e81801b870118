import type { UserView } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api.ts';
import { idempotencyHeaders, refreshAfterPayment } from '../../../ui/payment/after-payment.ts';

/** The caller as the purchase reads them: the user view with the single teleconsultation price (centavos). */
export type PurchaseUser = UserView & { atendimento_valor: number };

/**
 * `GET /api/telemedicina/purchase/atendimento` → `{user}` with `atendimento_valor`
 * (docs/payments-and-admin.md "Single consultation").
 */
export function useAtendimentoPurchase() {
  return useQuery({
    queryKey: ['telemedicina', 'purchase'],
    staleTime: 0,
    queryFn: ({ signal }) => api.get<{ user: PurchaseUser }>('/telemedicina/purchase/atendimento', signal),
  });
}

/**
 * `PUT /api/telemedicina/purchase/atendimento {payment_method}` with the
 * form's `Idempotency-Key` → 'Pagamento realizado com sucesso!' and the
 * user with `hasCredit` true; 402 the provider's message; 409 in flight.
 * The server sets the price. On success every read is refreshed (the credit, the lock).
 */
export function useBuyAtendimento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentMethod, idempotencyKey }: { paymentMethod: string; idempotencyKey: string }) =>
      apiFetch<{ message: string; user: PurchaseUser }>('/telemedicina/purchase/atendimento', {
        method: 'PUT',
        body: { payment_method: paymentMethod },
        headers: idempotencyHeaders(idempotencyKey),
      }),
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
