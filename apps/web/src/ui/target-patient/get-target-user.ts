import type { TimelineTargetUser } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Answer of `GET /api/timeline/user/:code` (docs/api/timeline.md). */
export interface TargetUserResponse {
  user: TimelineTargetUser;
}

/** Query key of the patient looked up by `code` (canonical, `123AB456`). */
export const targetUserQueryKey = (code: string) => ['timeline-target', code] as const;

/**
 * The patient whose timeline will receive the record (issue 5 "Records added
 * by others"): `GET /api/timeline/user/:code` → `{user: {id, name, avatar,
 * code}}`, run while `code` (canonical) is not null. The lookup is also what
 * lets the server accept the record for that patient within
 * `TARGET_LOOKUP_VALID_HOURS`. Fails with an `ApiError`: 404 'Paciente não
 * encontrado' (unknown, unclaimed or closed), 429 too many lookups; not retried.
 */
export function useTargetUser(code: string | null) {
  return useQuery({
    queryKey: targetUserQueryKey(code ?? ''),
    queryFn: ({ signal }) =>
      api.get<TargetUserResponse>(`/timeline/user/${encodeURIComponent(code ?? '')}`, signal),
    enabled: code !== null,
    retry: false,
    staleTime: 5 * 60_000,
    select: (answer) => answer.user,
  });
}
