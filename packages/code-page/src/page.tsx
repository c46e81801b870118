/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { dayInSaoPaulo, type PublicCodeView, type PublicTimelineItem } from '@pulso/domain';
import { useEffect, useState } from 'preact/hooks';
import { EmergencyTab } from './emergency-tab.tsx';
import { LANG_NAMES, LANGS, type Lang, MESSAGES, type Messages } from './i18n.ts';
import type { SaudeTab } from './saude-tab.tsx';
import { type LocationClient, ShareLocation } from './share-location.tsx';
import { DeniedTab, PatientHeading, TabError, TabLoading } from './states.tsx';
import type { TimelineTab } from './timeline-tab.tsx';
import {
  appendTimelinePage,
  isFullAccess,
  type PageTab,
  pageHref,
  TAB_IDS,
  withoutTimeline,
} from './view.ts';

/** The components of the tabs other than Emergency, as far as this page has them (loaded on demand). */
export interface LoadedTabs {
  saude?: typeof SaudeTab;
  timeline?: typeof TimelineTab;
}

/** A failure the browser side reports: the server's message and, when it answered, its status. */
export interface PageFailure {
  message: string;
  status?: number;
}

/**
 * What only the browser can do, given by `client.tsx` (absent on the server): read the session, ask
 * the API, load a tab's code, remember the language.
 */
export interface PageClient {
  /** Whether this browser holds a session token. */
  signedIn(): boolean;
  /** `GET /api/code/:code` with the token: what this viewer may read. Rejects with a {@link PageFailure}. */
  fetchView(): Promise<PublicCodeView>;
  /** `GET /api/code/:code/timeline/:offset`. Rejects with a {@link PageFailure}. */
  fetchTimeline(offset: number): Promise<{ timelineItems: PublicTimelineItem[]; total: number }>;
  /** The code of a tab, as the entry of {@link LoadedTabs} to add. */
  loadTab(tab: keyof LoadedTabs): Promise<LoadedTabs>;
  /** The address bar and the cookie follow the shown tab and language. */
  remember(tab: PageTab, lang: Lang, langChanged: boolean): void;
  /** Sharing the viewer's location (docs/code-alerts.md "Where"); absent without geolocation or a logged opening. */
  location?: LocationClient | undefined;
}

export interface CodePageProps {
  view: PublicCodeView;
  /** The São Paulo day of `view.user.updated_at`, `YYYY-MM-DD` ({@link EmbeddedPage}). */
  updatedOn: string;
  lang: Lang;
  tab: PageTab;
  tabs: LoadedTabs;
  client?: PageClient;
  /** {@link EmbeddedPage.localizacao}; read by `client.tsx`, not by the page. */
  localizacao?: string;
}

type ViewerState = { status: 'guest' | 'pending' | 'done' } | { status: 'error'; message: string };

/** The header: Pulso, the language switch and 'Entrar' (a guest) or 'Voltar ao início' (signed in). */
export function Header({
  t,
  tab,
  signedIn,
  onLang,
}: {
  t: Messages;
  tab: PageTab;
  signedIn: boolean;
  onLang?: (lang: Lang, event: MouseEvent) => void;
}) {
  return (
    <header class="cp-header">
      <div class="cp-header-inner">
        <a class="cp-brand" href="/">
          Pulso
        </a>
        <nav class="cp-langs" aria-label={t.language}>
          {LANGS.map((lang) => (
            <a
              key={lang}
              href={pageHref(tab, lang)}
              lang={lang}
              hreflang={lang}
              aria-label={`${LANG_NAMES[lang].short} – ${LANG_NAMES[lang].name}`}
              aria-current={lang === t.lang ? 'true' : undefined}
              onClick={onLang && ((event) => onLang(lang, event))}
            >
              {LANG_NAMES[lang].short}
            </a>
          ))}
        </nav>
        <a class="cp-header-action" href={signedIn ? '/home' : '/login'}>
          {signedIn ? t.backHome : t.signIn}
        </a>
      </div>
    </header>
  );
}

/**
 * The public page of a code, /code/:code (docs/public-code-page.md): the header, the three tabs
 * ('Emergência', 'Minha saúde', 'Linha do tempo') and the shown tab's panel, in `lang`.
 *
 * The server renders it with the guest's answer (`view`) into the page; the browser hydrates the same
 * tree and then, for a signed-in viewer whose answer could be richer, asks the API once more with the
 * token. Tabs are links (`?aba=`) that the server answers without scripts; with scripts they switch
 * in place, loading the tab's code on first use. Arrow keys, Home and End move between tabs.
 */
export function CodePage(props: CodePageProps) {
  const { client } = props;
  const [lang, setLang] = useState(props.lang);
  const [tab, setTab] = useState(props.tab);
  const [view, setView] = useState(props.view);
  const [updatedOn, setUpdatedOn] = useState(props.updatedOn);
  const [tabs, setTabs] = useState(props.tabs);
  const [viewer, setViewer] = useState<ViewerState>({ status: 'guest' });
  const [hydrated, setHydrated] = useState(false);
  // The map link once the viewer shared where they are: the WhatsApp message carries it.
  const [map, setMap] = useState<string | null>(null);
  const t = MESSAGES[lang];
  const signedIn = viewer.status !== 'guest';

  const askViewer = () => {
    if (!client) return;
    setViewer({ status: 'pending' });
    client.fetchView().then(
      (answer) => {
        setView(answer);
        setUpdatedOn(dayInSaoPaulo(answer.user.updated_at));
        setViewer({ status: 'done' });
      },
      (failure: PageFailure) => setViewer({ status: 'error', message: failure.message }),
    );
  };

  useEffect(() => {
    setHydrated(true);
    if (!client?.signedIn()) return;
    if (isFullAccess(props.view)) setViewer({ status: 'done' });
    else {
      askViewer();
      // Opened on a tab the guest may not read (`?aba=saude`, a reload): its code, in case this viewer may.
      loadTab(tab);
    }
  }, []);

  const loadTab = (next: PageTab) => {
    if (next === 'emergencia' || tabs[next] || !client) return;
    void client.loadTab(next).then((more) => setTabs((loaded) => ({ ...loaded, ...more })));
  };

  const selectTab = (next: PageTab, event?: Event) => {
    if (!client) return;
    event?.preventDefault();
    setTab(next);
    loadTab(next);
    client.remember(next, lang, false);
  };

  const changeLang = (next: Lang, event: MouseEvent) => {
    if (!client) return;
    event.preventDefault();
    setLang(next);
    client.remember(tab, next, true);
  };

  const onTabKey = (event: KeyboardEvent) => {
    const index = TAB_IDS.indexOf(tab);
    const last = TAB_IDS.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    const next = TAB_IDS[(target + TAB_IDS.length) % TAB_IDS.length] as PageTab;
    selectTab(next, event);
    document.getElementById(`aba-${next}`)?.focus();
  };

  const loadMore = async (offset: number) => {
    if (!client) return;
    try {
      const page = await client.fetchTimeline(offset);
      setView((current) => ({
        ...current,
        timelineItems: appendTimelinePage(current.timelineItems ?? [], page.timelineItems),
        total: page.total,
      }));
    } catch (failure) {
      // The patient closed the timeline meanwhile: the records already shown go too.
      if ((failure as PageFailure).status === 403) setView(withoutTimeline);
      else throw new Error((failure as PageFailure).message);
    }
  };

  const restricted = (which: 'saude' | 'timeline', loadingLabel: string) => {
    if (!view.acesso[which]) {
      if (viewer.status === 'pending') return <TabLoading label={loadingLabel} />;
      return (
        <>
          <PatientHeading name={view.user.name} />
          {viewer.status === 'error' ? (
            <TabError t={t} message={viewer.message} onRetry={askViewer} />
          ) : (
            <DeniedTab t={t} guest={!signedIn} />
          )}
        </>
      );
    }
    if (which === 'saude') {
      const Saude = tabs.saude;
      return Saude ? <Saude t={t} user={view.user} /> : <TabLoading label={loadingLabel} />;
    }
    const Timeline = tabs.timeline;
    return Timeline ? (
      <Timeline
        t={t}
        name={view.user.name}
        items={view.timelineItems ?? []}
        total={view.total ?? view.timelineItems?.length ?? 0}
        onLoadMore={loadMore}
      />
    ) : (
      <TabLoading label={loadingLabel} />
    );
  };

  return (
    <>
      <Header t={t} tab={tab} signedIn={signedIn} onLang={changeLang} />
      <main id="conteudo" class="cp-main">
        <div role="tablist" aria-label={t.tabsLabel} class="cp-tabs" onKeyDown={onTabKey}>
          {TAB_IDS.map((id) => (
            <a
              key={id}
              id={`aba-${id}`}
              role="tab"
              class="cp-tab"
              href={pageHref(id, lang)}
              aria-selected={id === tab}
              aria-controls="painel"
              tabindex={hydrated ? (id === tab ? 0 : -1) : undefined}
              onClick={(event) => selectTab(id, event)}
            >
              {t.tabs[id]}
            </a>
          ))}
        </div>
        <div role="tabpanel" id="painel" class="cp-panel" aria-labelledby={`aba-${tab}`}>
          {tab === 'emergencia' ? (
            <>
              <EmergencyTab t={t} user={view.user} updatedOn={updatedOn} map={map} />
              {hydrated && client?.location && (
                <ShareLocation
                  t={t}
                  firstName={view.user.name.trim().split(/\s+/)[0] ?? ''}
                  client={client.location}
                  onShared={setMap}
                />
              )}
            </>
          ) : (
            restricted(tab, tab === 'saude' ? t.loadingSaude : t.loadingTimeline)
          )}
        </div>
      </main>
    </>
  );
}
