import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** `POST /api/password/email {email}` → `{message}`; same answer whether the e-mail exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<{ message: string }>('/password/email', body),
    meta: { blocking: true },
  });
}
