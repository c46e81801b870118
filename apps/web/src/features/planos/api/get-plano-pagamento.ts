import type { PlanoView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A SetupIntent's secret (`stripe` mode confirms the card with it; the sandbox's is a stand-in). */
export interface SetupIntent {
  client_secret: string;
}

/**
 * `GET /api/planos/pagamento/{plano}` → `{plano, intent}`
 * (docs/payments-and-admin.md "Plans"): the plan to subscribe and a fresh
 * SetupIntent. 404 'Plano não encontrado.'
 * Never cached: a SetupIntent is used once.
 */
export function usePlanoPagamento(planoId: number | null) {
  return useQuery({
    queryKey: ['planos', 'pagamento', planoId],
    enabled: planoId !== null,
    gcTime: 0,
    retry: false,
    meta: { oneShot: true },
    queryFn: ({ signal }) =>
      api.get<{ plano: PlanoView; intent: SetupIntent }>(`/planos/pagamento/${planoId}`, signal),
  });
}

/**
 * `GET /api/planos/pagamento` → `{intent}` (docs/payments-and-admin.md
 * "Saved card"): a SetupIntent to change the card.
 */
export function useCardIntent() {
  return useQuery({
    queryKey: ['planos', 'pagamento', 'cartao'],
    gcTime: 0,
    meta: { oneShot: true },
    queryFn: ({ signal }) => api.get<{ intent: SetupIntent }>('/planos/pagamento', signal),
  });
}
