import type { CardView, PlanoView } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api.ts';
import { idempotencyHeaders, refreshAfterPayment } from '../../../ui/payment/after-payment.ts';
import { type PlanosMessageAnswer, planosQueryKey } from './get-planos.ts';

/** What a payment form hands over: the payment method and the form's idempotency key. */
export interface PaymentInput {
  paymentMethod: string;
  idempotencyKey: string;
}

/**
 * `PUT /api/planos/subscribe {stripe_plan, payment_method}` with the
 * form's `Idempotency-Key` (docs/payments-and-admin.md "Plans"): 'Pagamento
 * realizado com sucesso!'.
 * Errors: 402 the provider's message; 409 already subscribed or in flight.
 * On success every read is refreshed so the trial lock lifts at once.
 */
export function useSubscribe(stripePlan: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentMethod, idempotencyKey }: PaymentInput) =>
      apiFetch<PlanosMessageAnswer>('/planos/subscribe', {
        method: 'PUT',
        body: { stripe_plan: stripePlan, payment_method: paymentMethod },
        headers: idempotencyHeaders(idempotencyKey),
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(planosQueryKey, answer);
      await refreshAfterPayment(queryClient);
    },
  });
}

/**
 * `PUT /api/planos/cancelar` (cancel at the period end) or `PUT
 * /api/planos/renovar` (undo it) → the new /planos state and its message;
 * 409 with the server's message.
 */
export function useCancelOrRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancelar' | 'renovar') => api.put<PlanosMessageAnswer>(`/planos/${action}`),
    onSuccess: (answer) => {
      queryClient.setQueryData(planosQueryKey, answer);
      void refreshAfterPayment(queryClient);
    },
  });
}

/** A plan change's cost (centavos): the credit of the unused period, the charge now, the balance kept. */
export interface PlanChangePreview {
  plano: PlanoView;
  prorrateio: { credito: number; cobranca: number; saldo: number; saldo_usado: number };
}

/** `GET /api/planos/alterar/{id}`: what changing to plan `id` costs now, shown before confirming. */
export function usePlanChangePreview(planoId: number | null) {
  return useQuery({
    queryKey: ['planos', 'alterar', planoId],
    enabled: planoId !== null,
    staleTime: 0,
    gcTime: 0,
    // Read once per dialog: after the change it would answer 'same plan'.
    meta: { oneShot: true },
    queryFn: ({ signal }) => api.get<PlanChangePreview>(`/planos/alterar/${planoId}`, signal),
  });
}

/**
 * `PUT /api/planos/alterar/{id}` with an `Idempotency-Key` (one per
 * confirmation): charges the previewed amount to the saved card; 'Plano
 * alterado com sucesso!'. Errors: 402, 404, 409.
 */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planoId, idempotencyKey }: { planoId: number; idempotencyKey: string }) =>
      apiFetch<PlanosMessageAnswer>(`/planos/alterar/${planoId}`, {
        method: 'PUT',
        headers: idempotencyHeaders(idempotencyKey),
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(planosQueryKey, answer);
      await refreshAfterPayment(queryClient);
    },
  });
}

/** `PUT /api/planos/pagamento {payment_method}` → 'Cartão atualizado com sucesso!' and the card; 402. */
export function useChangeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentMethod }: PaymentInput) =>
      api.put<{ message: string; paymentMethod: CardView }>('/planos/pagamento', {
        payment_method: paymentMethod,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planosQueryKey, exact: true }),
  });
}
