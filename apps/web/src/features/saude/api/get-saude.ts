import type { DoencaView, UserHealthView } from '@pulso/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type UserResponse, userQueryKey } from '../../../lib/auth.tsx';

/** Answer of `GET /api/saude` (docs/api/saude-and-permissoes.md). */
export interface SaudeResponse {
  user: UserHealthView;
  especialidades: { id: number; nome: string }[];
  doencas: DoencaView[];
}

/** Answer of `PUT /api/{saude,hospitalar,outras}`: the updated user and the pt-BR success message. */
export interface SaudeSaveResponse {
  user: UserHealthView;
  message: string;
}

/** Query key of My Health (`GET /api/saude`). */
export const saudeQueryKey = ['saude'] as const;

/** The signed-in patient with their health data (docs/health-record.md "My Health"; issue 4 "My Health"). */
export function useSaude() {
  return useQuery({
    queryKey: saudeQueryKey,
    queryFn: ({ signal }) => api.get<SaudeResponse>('/saude', signal),
  });
}

/**
 * After a save, the answer's user is the truth: it replaces the user of
 * `['saude']` (keeping the specialties and the checklist) and the shell's
 * `['user']`, keeping the unread-messages count.
 */
export function storeSaudeUser(queryClient: QueryClient, user: UserHealthView): void {
  queryClient.setQueryData<SaudeResponse>(saudeQueryKey, (old) => ({
    user,
    especialidades: old?.especialidades ?? [],
    doencas: old?.doencas ?? [],
  }));
  queryClient.setQueryData<UserResponse>(userQueryKey, (old) => ({
    ...old,
    user,
    mensagens: old?.mensagens ?? 0,
  }));
}
