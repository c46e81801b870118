/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { dayInSaoPaulo, EMBEDDED_CODE_DATA_ID, type PublicCodeView, TOKEN_KEY } from '@pulso/domain';
import { screen, waitFor } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { expect, vi } from 'vitest';
import { startCodePage } from '../client.tsx';
import type { Lang } from '../i18n.ts';
import { CodePage } from '../page.tsx';
import { SaudeTab } from '../saude-tab.tsx';
import { TimelineTab } from '../timeline-tab.tsx';
import { tabOf } from '../view.ts';

/** A JSON answer as `fetch` resolves it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Stubs `fetch` with these answers in order (500 once they run out); answers the mock. */
export function stubFetch(...answers: Response[]) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      answers.shift() ?? jsonResponse({ message: 'sem resposta' }, 500),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// jsdom has <dialog> without its modal methods.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

/** The page as the server sends it: its markup, the embedded view, `<html lang>` and the address. */
export function serverPage(
  view: PublicCodeView,
  { lang = 'pt-BR', search = '' }: { lang?: Lang; search?: string } = {},
) {
  window.history.replaceState(null, '', `/code/${view.user.code}${search}`);
  document.documentElement.lang = lang;
  const tab = tabOf(new URLSearchParams(search).get('aba'));
  const embedded = { view, updatedOn: dayInSaoPaulo(view.user.updated_at) };
  const markup = renderToString(
    <CodePage {...embedded} lang={lang} tab={tab} tabs={{ saude: SaudeTab, timeline: TimelineTab }} />,
  );
  document.body.innerHTML =
    `<div id="root">${markup}</div>` +
    `<script type="application/json" id="${EMBEDDED_CODE_DATA_ID}">${JSON.stringify(embedded)}</script>`;
}

/**
 * Serves the page (as {@link serverPage}), with a session token when `token` is given, and starts the
 * browser side; resolves once the page is hydrated (the selected tab takes the roving tabindex).
 */
export async function openPage(
  view: PublicCodeView,
  options: { lang?: Lang; search?: string; token?: string } = {},
): Promise<void> {
  if (options.token) window.localStorage.setItem(TOKEN_KEY, options.token);
  serverPage(view, options);
  startCodePage();
  await waitFor(
    () => expect(screen.getByRole('tab', { selected: true }).getAttribute('tabindex')).toBe('0'),
    {
      timeout: 5000,
    },
  );
}

/** Forgets the page, the session, the language cookie and the stubs. */
export function closePage(): void {
  document.body.innerHTML = '';
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: what the page itself writes, forgotten between tests.
  document.cookie = 'pulso_lang=; path=/code; max-age=0';
  vi.unstubAllGlobals();
}
