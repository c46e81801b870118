/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { ServiceCalls } from './emergency-tab.tsx';
import { type Lang, MESSAGES } from './i18n.ts';
import { Header } from './page.tsx';

/**
 * What /code/:code shows when the data cannot be served now (too many openings from one address, the
 * server overloaded or its database away; docs/public-code-page.md): the server's message, a retry
 * (`retryHref`, the page's own address) and, always, the SAMU 192 and Bombeiros 193 calls — a rescuer is never left with nothing to do.
 */
export function CodeErrorPage({
  lang,
  message,
  retryHref,
}: {
  lang: Lang;
  message: string;
  retryHref: string;
}) {
  const t = MESSAGES[lang];
  return (
    <>
      <Header t={t} tab="emergencia" signedIn={false} />
      <main id="conteudo" class="cp-main cp-error-page">
        <h1 class="cp-name">{t.errorTitle}</h1>
        <p class="cp-state-title" role="alert" lang="pt-BR">
          {message}
        </p>
        <a class="cp-button" href={retryHref}>
          {t.retry}
        </a>
        <div class="cp-calls">
          <ServiceCalls t={t} />
        </div>
      </main>
    </>
  );
}
