import { EMBEDDED_CODE_DATA_ID, type PublicEmergencyView, parseCode } from '@pulso/domain';
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
    initialData: () => takeEmbeddedData(code),
    // The embedded answer is as fresh as a fetch: do not ask (and log) again at once.
    staleTime: 60_000,
    // Every opening is a row of the patient's access log: no refetch each time the tab regains focus.
    refetchOnWindowFocus: false,
  });
}

/**
 * The Emergency tab the server embedded in the page a scan opened, when it is
 * this code's; read once (the element is removed), so later navigations fetch.
 */
export function takeEmbeddedData(code: string): PublicCodeResponse | undefined {
  const element = document.getElementById(EMBEDDED_CODE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as PublicCodeResponse;
    return data.user?.code === parseCode(code) ? data : undefined;
  } catch {
    return undefined;
  }
}
