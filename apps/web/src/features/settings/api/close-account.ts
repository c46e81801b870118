import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';

/** `PUT /api/settings/account/closed {is_active: false}` → `{message}` (spec 2 §7): closes the account. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: () => api.put<{ message: string }>('/settings/account/closed', { is_active: false }),
    meta: { blocking: true },
  });
}
