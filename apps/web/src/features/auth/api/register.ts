import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type AuthResponse, useStartSession } from '../../../lib/auth.tsx';

/** JSON body of `POST /api/register` (docs/accounts.md "Registration"; `RegisterSchema`): `telefone` as digits. */
export interface RegisterBody {
  name: string;
  telefone: string;
  email: string;
  password: string;
  password_confirmation: string;
  terms: true;
  newsletter: boolean;
  code?: string;
}

/**
 * `POST /api/register`, or `POST /api/register/:token` with a company
 * invitation (docs/accounts.md "Registration",
 * "Registering with an invitation"). Starts the session on 201.
 */
export function useRegister(inviteToken?: string) {
  const startSession = useStartSession();
  const path = inviteToken ? `/register/${encodeURIComponent(inviteToken)}` : '/register';
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<AuthResponse>(path, body),
    meta: { blocking: true },
    onSuccess: startSession,
  });
}
