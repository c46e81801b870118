import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * `PUT /api/settings/account/closed {is_active: false, password}` →
 * `{message}`: closes the account once the password is confirmed (422
 * `errors.password` otherwise; docs/auth-security.md "Closed accounts").
 */
export function useCloseAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      api.put<{ message: string }>('/settings/account/closed', { is_active: false, password }),
    meta: { blocking: true },
  });
}
