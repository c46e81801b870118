import type { Login } from '@pulso/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type AuthResponse, useStartSession } from '../../../lib/auth.tsx';

/** `POST /api/login`: stores the token and caches the user on success (docs/accounts.md "Sign-in"). */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: Login) => api.post<AuthResponse>('/login', body),
    meta: { blocking: true },
    onSuccess: startSession,
  });
}
