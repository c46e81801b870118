import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * `GET /api/email/resend` → `{message}` (docs/accounts.md "E-mail verification"): a new verification e-mail
 * for the signed-in user.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.get<{ message: string }>('/email/resend'),
    meta: { blocking: true },
  });
}
