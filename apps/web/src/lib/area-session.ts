import type { Login } from '@pulso/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api.ts';
import { type AuthResponse, useStartSession } from './auth.tsx';
import { clearToken } from './token.ts';

/**
 * Sign-in of an area with its own gate (/medico, /admin): the patients'
 * `POST /api/login` and token storage; the area then asks its own `me`
 * whether the account belongs there. The area's earlier answers (`areaKey`)
 * are forgotten first.
 */
export function useAreaLogin(areaKey: QueryKey) {
  const startSession = useStartSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Login) => api.post<AuthResponse>('/login', body),
    meta: { blocking: true },
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: areaKey });
      startSession(answer);
    },
  });
}

/**
 * 'Sair' of such an area: `POST /api/logout`, then (whatever the answer) the
 * token and the cache are forgotten and the area's sign-in at `areaPath` shows.
 */
export function useAreaLogout(areaPath: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<unknown>('/logout'),
    meta: { blocking: true },
    onSettled: async () => {
      await navigate(areaPath, { replace: true });
      clearToken();
      queryClient.clear();
    },
  });
}
