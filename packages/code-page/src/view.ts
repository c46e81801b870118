import type { PublicCodeView, PublicTimelineItem } from '@pulso/domain';
import type { Lang } from './i18n.ts';

/** The page's tabs, in order; `?aba=` names one (the Emergency tab when absent or unknown). */
export const TAB_IDS = ['emergencia', 'saude', 'timeline'] as const;
export type PageTab = (typeof TAB_IDS)[number];

/** `'saude'` → `'saude'`; anything else → `'emergencia'`. */
export function tabOf(param: string | null | undefined): PageTab {
  return TAB_IDS.find((id) => id === param) ?? 'emergencia';
}

/**
 * The page's own address for a tab and a language, relative to the page (`?aba=saude&lang=en`,
 * `?` for the Emergency tab in pt-BR): the tabs and the language switch are links that work without
 * scripts.
 */
export function pageHref(tab: PageTab, lang: Lang): string {
  const params = new URLSearchParams();
  if (tab !== 'emergencia') params.set('aba', tab);
  if (lang !== 'pt-BR') params.set('lang', lang);
  return `?${params}`;
}

/**
 * What the server embeds in the page for the browser to take it over (`#pulso-code-data`): the view it
 * rendered and the São Paulo day of its `updated_at`, so that the phone builds no date formatter.
 */
export interface EmbeddedPage {
  view: PublicCodeView;
  updatedOn: string;
  /**
   * The signed reference of this opening's access-log row, for the viewer to share where they are
   * (docs/code-alerts.md "Where"); absent when the opening was not logged.
   */
  localizacao?: string;
}

/** True when `acesso` already grants every tab: no viewer could be served more. */
export function isFullAccess(view: PublicCodeView): boolean {
  return view.acesso.saude && view.acesso.timeline;
}

/** `items` followed by the `more` not already among them (a record added meanwhile shifts the offsets). */
export function appendTimelinePage(
  items: PublicTimelineItem[],
  more: PublicTimelineItem[],
): PublicTimelineItem[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !seen.has(item.id))];
}

/** The view without its Timeline tab: what this viewer may read once the server refused the next page. */
export function withoutTimeline(view: PublicCodeView): PublicCodeView {
  const { timelineItems: _items, total: _total, ...rest } = view;
  return { ...rest, acesso: { ...view.acesso, timeline: false } };
}
