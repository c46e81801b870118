import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userQueryKey } from '../../../lib/auth.tsx';

/**
 * `PUT /api/email/verify/:token` → `{message}`
 * (docs/accounts.md "E-mail verification"). On success the cached user and
 * /home data are refreshed, so that /home shows the cards.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.put<{ message: string }>(`/email/verify/${encodeURIComponent(token)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}
