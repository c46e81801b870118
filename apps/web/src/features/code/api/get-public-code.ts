import type { PublicEmergencyView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';

/** Answer of `GET /api/code/:code` (docs/api-issue-2.md). */
export interface PublicCodeResponse {
  user: PublicEmergencyView;
}

/**
 * `GET /api/code/:code` (public, rate-limited): the Emergency tab of the
 * patient holding the code (RULINGS.md "Who sees what"). Works for guests;
 * the api client sends the bearer token when one is stored (the server logs
 * the viewer; a dead token counts as a visitor, never a 401). 404 and 429 are
 * not retried (query client default); the page handles them.
 */
export function usePublicCode(code: string) {
  return useQuery({
    queryKey: ['code', code],
    queryFn: ({ signal }) => api.get<PublicCodeResponse>(`/code/${encodeURIComponent(code)}`, signal),
    // Every opening is a row of the patient's access log: no refetch each time the tab regains focus.
    refetchOnWindowFocus: false,
  });
}
