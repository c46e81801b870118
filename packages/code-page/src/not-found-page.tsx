/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { ServiceCalls } from './emergency-tab.tsx';
import { type Lang, MESSAGES } from './i18n.ts';
import { Header } from './page.tsx';

/** Where the form of {@link CodeNotFoundPage} sends the typed code (`?codigo=`): the server opens `/code/:code`. */
export const CODE_FORM_ACTION = '/code';
/** The query field of {@link CODE_FORM_ACTION}. */
export const CODE_FORM_FIELD = 'codigo';

/**
 * What /code/:code shows for a code no profile has — mistyped, misread from a worn sticker, or of a
 * closed account (docs/public-code-page.md): that it was not found, the code as typed, a field to type
 * it again (a plain form: it works without scripts) and, always, the SAMU 192 and Bombeiros 193 calls.
 * Sign-up is offered from an unclaimed sticker's code only, never here: a rescuer must not land on it.
 */
export function CodeNotFoundPage({ lang, code }: { lang: Lang; code: string }) {
  const t = MESSAGES[lang];
  return (
    <>
      <Header t={t} tab="emergencia" signedIn={false} />
      <main id="conteudo" class="cp-main cp-error-page">
        <h1 class="cp-name">{t.notFound.title}</h1>
        <p class="cp-state-title">{t.notFound.text(code)}</p>
        <form class="cp-code-form" method="get" action={CODE_FORM_ACTION}>
          <label for="cp-codigo">{t.notFound.label}</label>
          <span class="cp-hint" id="cp-codigo-hint">
            {t.notFound.hint}
          </span>
          <div class="cp-code-row">
            <input
              id="cp-codigo"
              name={CODE_FORM_FIELD}
              type="text"
              required
              maxLength={20}
              autocomplete="off"
              autocapitalize="characters"
              spellcheck={false}
              aria-describedby="cp-codigo-hint"
            />
            <button class="cp-button" type="submit">
              {t.notFound.open}
            </button>
          </div>
        </form>
        <div class="cp-calls">
          <ServiceCalls t={t} />
        </div>
      </main>
    </>
  );
}
