import { EMBEDDED_CODE_DATA_ID, type PublicCodeView, parseCode } from '@pulso/domain';
import { type QueryState, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { useToken } from '../../../app/token.ts';

/** Query key of a patient's public view; the Timeline tab's further pages are merged into it. */
export const publicCodeKey = (code: string) => ['code', code] as const;

/** True when `acesso` already grants every tab: no viewer could be served more. */
export function isFullAccess(view: PublicCodeView): boolean {
  return view.acesso.saude && view.acesso.timeline;
}

/**
 * Whether this cached answer is the guest's view the server embedded in the
 * page (never fetched here) and a signed-in viewer might be allowed more.
 */
function needsViewerAnswer(state: QueryState<PublicCodeView>, signedIn: boolean): boolean {
  const view = state.data;
  return signedIn && state.dataUpdateCount === 0 && view !== undefined && !isFullAccess(view);
}

/** The embedded answer's freshness: as fresh as a fetch (each fetch is a row of the patient's access log). */
const FRESH_MS = 60_000;

/**
 * `GET /api/code/:code` (public, rate-limited; spec 2 §7; RULINGS.md "Who
 * sees what") → `PublicCodeView`: the Emergency tab always, My Health and the
 * Timeline tab's first page only when `acesso` says this viewer may read them.
 * The api client sends the bearer token when one is stored (the server
 * classifies and logs the viewer; a dead token counts as a visitor, never a
 * 401). 404 and 429 are not retried (query client default); the page handles them.
 *
 * The page a scan opens embeds the answer computed for a guest (a navigation
 * carries no token). It is shown at once; when this browser holds a token and
 * the embedded `acesso` is not already full, the API is asked once more, with
 * the token, for what this viewer may see (the embedded data stays on screen
 * meanwhile). Never refetched when the window regains focus: every fetch is a
 * row of the patient's access log.
 */
export function usePublicCode(code: string) {
  const signedIn = useToken() !== null;
  return useQuery({
    queryKey: publicCodeKey(code),
    queryFn: ({ signal }) => api.get<PublicCodeView>(`/code/${encodeURIComponent(code)}`, signal),
    initialData: () => takeEmbeddedData(code),
    staleTime: (query) => (needsViewerAnswer(query.state, signedIn) ? 0 : FRESH_MS),
    refetchOnWindowFocus: false,
  });
}

/**
 * The answer the server embedded in the page a scan opened, when it is this
 * code's; read once (the element is removed), so later navigations fetch. An
 * answer without `acesso` (an older server) reads as the Emergency tab only.
 */
export function takeEmbeddedData(code: string): PublicCodeView | undefined {
  const element = document.getElementById(EMBEDDED_CODE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<PublicCodeView>;
    if (!data.user || data.user.code !== parseCode(code)) return undefined;
    return { ...data, user: data.user, acesso: data.acesso ?? { saude: false, timeline: false } };
  } catch {
    return undefined;
  }
}
