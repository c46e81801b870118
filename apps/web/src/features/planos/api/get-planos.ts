import type { PlanosAnswer } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of `GET /api/planos`; every plan write stores its answer here. */
export const planosQueryKey = ['planos'] as const;

/** Answer of the plan writes: the new state of /planos and the pt-BR success message. */
export type PlanosMessageAnswer = PlanosAnswer & { message: string };

/**
 * `GET /api/planos` → `{subscription, plano, paymentMethod, planos}`
 * (docs/payments-and-admin.md "Plans"): the caller's plan with its saved
 * card, or the plans on sale (prices in centavos, instants ISO).
 */
export function usePlanos() {
  return useQuery({
    queryKey: planosQueryKey,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<PlanosAnswer>('/planos', signal),
  });
}
