import type { UserView } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Location, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError, api } from './api.ts';
import { paths } from './paths.ts';
import { useSnackbar } from './snackbar/snackbar-context.tsx';
import { clearToken, setToken, useToken } from './token.ts';

/** Answer of `GET /api/user`: the user and the unread-messages count (badge of Telemedicina). */
export interface UserResponse {
  user: UserView;
  mensagens: number;
  /** Doctors' answers to the patient's requests not opened yet (docs/api/telemedicina.md). */
  respostas?: number;
}

/** Answer of `POST /api/login` and `POST /api/register`. */
export interface AuthResponse {
  user: UserView;
  token: string;
  message: string;
}

/** Query key of the signed-in user; other features invalidate it after profile edits. */
export const userQueryKey = ['user'] as const;

/**
 * Loads the signed-in user. If loading the user fails, the stored token is
 * removed (docs/architecture.md "Session and the 401 rule"). A network
 * failure (status 0) keeps it so that an offline start does not sign the
 * patient out.
 */
async function fetchUser(signal: AbortSignal): Promise<UserResponse> {
  try {
    return await api.get<UserResponse>('/user', signal);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) clearToken();
    throw error;
  }
}

/** The signed-in user (`GET /api/user`), loaded only while a token is stored. */
export function useUser() {
  const token = useToken();
  return useQuery({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => fetchUser(signal),
    enabled: token !== null,
  });
}

/** Returns a function that stores the token of a login/registration and caches its user. */
export function useStartSession(): (answer: Pick<AuthResponse, 'user' | 'token'>) => void {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  return ({ user, token }) => {
    // An earlier failed attempt's message must not follow the patient into the app.
    snackbar.close();
    setToken(token);
    queryClient.setQueryData<UserResponse>(userQueryKey, (old) => ({
      ...old,
      user,
      mensagens: old?.mensagens ?? 0,
    }));
    // Marked stale so that the shell fetches the real unread count once it mounts.
    void queryClient.invalidateQueries({ queryKey: userQueryKey, refetchType: 'none' });
  };
}

/** 'Sair': `POST /api/logout`, then (whatever the answer) forget the token and the cache, go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<{ user: UserView }>('/logout'),
    meta: { blocking: true },
    onSettled: async () => {
      await navigate(paths.login, { replace: true });
      clearToken();
      queryClient.clear();
    },
  });
}

/** Location state the guard leaves for the login page. */
export interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after login: the page the guard stopped the user at, else `/`. */
export function loginRedirectTarget(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || from.pathname === paths.login) return paths.root;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Route guard of the authenticated routes
 * (docs/architecture.md "Routes of the web app"): without a stored token,
 * redirects to /login keeping the intended location in `state.from`.
 */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (token === null) {
    const state: LoginLocationState = { from: location };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
