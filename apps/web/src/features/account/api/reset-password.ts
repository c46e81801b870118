import type { PasswordReset } from '@pulso/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * `POST /api/password/reset {token, email, password, password_confirmation}` → `{message}`
 * (docs/accounts.md "Forgotten password").
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordReset) => api.post<{ message: string }>('/password/reset', body),
    meta: { blocking: true },
  });
}
