import type { ChangePassword } from '@pulso/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * `PUT /api/settings/password {password_current, password, password_confirmation}` →
 * `{message}` (docs/accounts.md "Password change"); 422 `{errors}` on a wrong
 * current password.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePassword) => api.put<{ message: string }>('/settings/password', body),
    meta: { blocking: true },
  });
}
