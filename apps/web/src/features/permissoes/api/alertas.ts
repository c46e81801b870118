import type { Alertas } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { consentimentosQueryKey } from './get-consentimentos.ts';

/** Query key of the alert switches. */
export const alertasQueryKey = ['permissoes', 'alertas'] as const;

/** `GET /api/permissoes/alertas`: whether the patient is told by push and by e-mail when the code is opened. */
export function useAlertas() {
  return useQuery({
    queryKey: alertasQueryKey,
    queryFn: ({ signal }) => api.get<{ alertas: Alertas }>('/permissoes/alertas', signal),
  });
}

/**
 * `PUT /api/permissoes/alertas {push}` or `{email}` (docs/code-alerts.md "Alerts"). Optimistic like the other
 * switches of /permissoes: the switch moves at once and goes back on failure.
 */
export function useUpdateAlertas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Alertas>) =>
      api.put<{ message: string; alertas: Alertas }>('/permissoes/alertas', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: alertasQueryKey });
      const previous = queryClient.getQueryData<{ alertas: Alertas }>(alertasQueryKey);
      if (previous) {
        queryClient.setQueryData(alertasQueryKey, { alertas: { ...previous.alertas, ...change } });
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(alertasQueryKey, context.previous);
    },
    onSuccess: ({ alertas }) => {
      queryClient.setQueryData(alertasQueryKey, { alertas });
      void queryClient.invalidateQueries({ queryKey: consentimentosQueryKey });
    },
  });
}
