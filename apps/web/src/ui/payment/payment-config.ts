import type { PaymentConfig } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query key of the payment provider configuration. */
export const paymentConfigQueryKey = ['pagamentos', 'config'] as const;

/**
 * `GET /api/pagamentos/config` → `{provider, publishable_key}` (issue 8
 * "Payment providers"): whether the card form posts the card to the
 * sandbox or loads Stripe Elements with the publishable key. Read once per session.
 */
export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentConfigQueryKey,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => api.get<PaymentConfig>('/pagamentos/config', signal),
  });
}
