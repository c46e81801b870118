import type { Login } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api.ts';
import { type AuthResponse, useStartSession } from '../../../app/auth.tsx';
import { paths } from '../../../app/paths.ts';
import { clearToken } from '../../../app/token.ts';
import { medicoKeys } from './keys.ts';

/**
 * The doctor signs in with the patients' `POST /api/login` (the same token
 * storage); the area then asks `GET /api/medico/me` whether the account is a
 * doctor's. Any earlier answer of that question is forgotten first.
 */
export function useMedicoLogin() {
  const startSession = useStartSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Login) => api.post<AuthResponse>('/login', body),
    meta: { blocking: true },
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: medicoKeys.all });
      startSession(answer);
    },
  });
}

/**
 * 'Sair' of the doctor area: `POST /api/logout`, then (whatever the answer)
 * the token and the cache are forgotten and the doctor sign-in shows again.
 */
export function useMedicoLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<unknown>('/logout'),
    meta: { blocking: true },
    onSettled: async () => {
      await navigate(paths.medico, { replace: true });
      clearToken();
      queryClient.clear();
    },
  });
}
