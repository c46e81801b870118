import type { UserView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Answer of `GET /api/home` (docs/health-record.md "Trial lock"): the signed-in user. */
export interface MapaDorUserResponse {
  user: UserView;
}

/** Query key of the user as the pain map reads it (for the trial lock). */
export const mapaDorUserQueryKey = ['mapa-dor', 'user'] as const;

/**
 * The signed-in user from `GET /api/home`, read afresh on every visit: the
 * pain map is locked by `isLocked(user)` (docs/health-record.md "Trial
 * lock"), computed by the server at read time.
 */
export function useMapaDorUser() {
  return useQuery({
    queryKey: mapaDorUserQueryKey,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<MapaDorUserResponse>('/home', signal),
  });
}
