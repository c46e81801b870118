/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The browser side of /code/:code (docs/public-code-page.md): takes over the page the server rendered
 * (`hydrate`, nothing replaced), then asks once more, with the session token, for what a signed-in
 * viewer may read. The only script the page loads before it is interactive: Preact and the Emergency
 * tab; the other tabs' code loads when a tab is opened.
 */
import { EMBEDDED_CODE_DATA_ID, NETWORK_ERROR_MESSAGE, type PublicCodeView, TOKEN_KEY } from '@pulso/domain';
import { hydrate } from 'preact';
import { LANG_COOKIE, type Lang, langOf, MESSAGES } from './i18n.ts';
import { CodePage, type LoadedTabs, type PageClient, type PageFailure } from './page.tsx';
import type { LocationClient } from './share-location.tsx';
import { type EmbeddedPage, pageHref, tabOf } from './view.ts';

const loaders: Record<keyof LoadedTabs, () => Promise<LoadedTabs>> = {
  saude: () => import('./saude-tab.tsx').then((m) => ({ saude: m.SaudeTab })),
  timeline: () => import('./timeline-tab.tsx').then((m) => ({ timeline: m.TimelineTab })),
};

function token(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * `GET /api{path}` (or a `POST` of `body` as JSON) with the token when there is one; rejects with a
 * {@link PageFailure}.
 */
async function getJson<T>(path: string, payload?: object): Promise<T> {
  const session = token();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: {
        accept: 'application/json',
        ...(session ? { authorization: `Bearer ${session}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { method: 'POST', body: JSON.stringify(payload) } : {}),
    });
  } catch {
    throw { message: NETWORK_ERROR_MESSAGE } satisfies PageFailure;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  if (!response.ok) {
    const message = typeof body.message === 'string' ? body.message : NETWORK_ERROR_MESSAGE;
    throw { message, status: response.status } satisfies PageFailure;
  }
  return body as T;
}

/** Sharing where the viewer is, for the opening `localizacao` names (docs/code-alerts.md "Where"). */
function locationClient(localizacao: string): LocationClient {
  return {
    locate: () =>
      new Promise((resolve, reject) => {
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
          (error) => reject(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
          // A fix within 20 s, a recent one welcome: ~100 m is all that is kept.
          { enableHighAccuracy: false, timeout: 20_000, maximumAge: 120_000 },
        );
      }),
    share: (position) =>
      getJson<{ mapa: string }>('/code/localizacao', { token: localizacao, ...position }).then(
        (answer) => answer.mapa,
      ),
  };
}

/** Takes over the server-rendered page: reads the embedded view and hydrates `#root`. */
export function startCodePage(): void {
  const root = document.getElementById('root');
  const data = document.getElementById(EMBEDDED_CODE_DATA_ID);
  if (!root || !data) return;
  const { view, updatedOn, localizacao } = JSON.parse(data.textContent ?? '') as EmbeddedPage;
  const code = encodeURIComponent(view.user.code);
  const lang: Lang = langOf(document.documentElement.lang) ?? 'pt-BR';
  const tab = tabOf(new URLSearchParams(window.location.search).get('aba'));

  const client: PageClient = {
    signedIn: () => token() !== null,
    fetchView: () => getJson<PublicCodeView>(`/code/${code}`),
    fetchTimeline: (offset) => getJson(`/code/${code}/timeline/${offset}`),
    loadTab: (which) => loaders[which](),
    location: localizacao && 'geolocation' in navigator ? locationClient(localizacao) : undefined,
    remember(shown, shownLang, langChanged) {
      window.history.replaceState(window.history.state, '', pageHref(shown, shownLang));
      if (!langChanged) return;
      document.documentElement.lang = shownLang;
      document.title = `${MESSAGES[shownLang].title} · Pulso`;
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every phone's browser yet.
      document.cookie = `${LANG_COOKIE}=${shownLang}; path=/code; max-age=31536000; samesite=lax`;
    },
  };

  // A page opened on a tab the server rendered: its code first, so that hydration changes nothing.
  const first = tab !== 'emergencia' && view.acesso[tab] ? loaders[tab]() : Promise.resolve({});
  // In a task of its own, after the module's own evaluation: no long task on a slow phone.
  void first.then((tabs) =>
    setTimeout(() =>
      hydrate(
        <CodePage view={view} updatedOn={updatedOn} lang={lang} tab={tab} tabs={tabs} client={client} />,
        root,
      ),
    ),
  );
}
