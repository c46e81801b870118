/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { ServiceCalls } from './emergency-tab.tsx';
import { type Lang, MESSAGES } from './i18n.ts';
import { Header } from './page.tsx';

/**
 * What /code/:code shows for a code its patient replaced after losing the sticker (docs/public-code-page.md;
 * docs/codes.md "A lost sticker"): that it was replaced, no personal data, and, always, the SAMU 192 and
 * Bombeiros 193 calls.
 */
export function CodeReplacedPage({ lang }: { lang: Lang }) {
  const t = MESSAGES[lang];
  return (
    <>
      <Header t={t} tab="emergencia" signedIn={false} />
      <main id="conteudo" class="cp-main cp-error-page">
        <h1 class="cp-name">{t.replaced.title}</h1>
        <p class="cp-state-title">{t.replaced.text}</p>
        <div class="cp-calls">
          <ServiceCalls t={t} />
        </div>
      </main>
    </>
  );
}
