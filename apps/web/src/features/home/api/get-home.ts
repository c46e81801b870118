import type { UserView } from '@pulso/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type UserResponse, userQueryKey } from '../../../lib/auth.tsx';

/** Answer of `GET /api/home`. */
export interface HomeResponse {
  user: UserView;
}

/** Answer of every `/api/home/*` write: the updated user and the pt-BR success message. */
export interface HomeSaveResponse {
  user: UserView;
  message: string;
}

/** Query key of the emergency data (`GET /api/home`). */
export const homeQueryKey = ['home'] as const;

/** The signed-in patient with their emergency data (docs/accounts.md "The /home screen", `GET /home`). */
export function useHome() {
  return useQuery({
    queryKey: homeQueryKey,
    queryFn: ({ signal }) => api.get<HomeResponse>('/home', signal),
  });
}

/**
 * After a save, the answer's user is the truth: it replaces both the /home
 * data and the shell's `['user']` (name in the drawer, avatar), keeping the
 * unread-messages count.
 */
export function storeHomeUser(queryClient: QueryClient, user: UserView): void {
  queryClient.setQueryData<HomeResponse>(homeQueryKey, { user });
  queryClient.setQueryData<UserResponse>(userQueryKey, (old) => ({
    ...old,
    user,
    mensagens: old?.mensagens ?? 0,
  }));
}
