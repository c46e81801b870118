/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { Messages } from './i18n.ts';

/** Why the browser gave no position: refused by the viewer, or not found (no signal, timeout). */
export type LocateFailure = 'denied' | 'unavailable';

/** What sharing a location needs from the browser (given by `client.tsx`). */
export interface LocationClient {
  /** The browser's position, asked only now (its permission prompt); rejects with a {@link LocateFailure}. */
  locate(): Promise<{ latitude: number; longitude: number }>;
  /** `POST /api/code/localizacao`; the map link of the place as kept; rejects with `{message}` (the server's). */
  share(position: { latitude: number; longitude: number }): Promise<string>;
}

type State =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'shared'; map: string }
  | { status: 'failed'; message: string };

/**
 * "Compartilhar minha localização com a família de {primeiro nome}" (docs/code-alerts.md "Where"), after the
 * facts of the Emergency tab: nothing is asked before the tap; then the browser's prompt, the place sent
 * (the server rounds it to ~100 m and alerts the patient), and a link to the map. `onShared` gives the map
 * link to the WhatsApp message. Shown only in a browser with scripts and geolocation.
 */
export function ShareLocation({
  t,
  firstName,
  client,
  onShared,
}: {
  t: Messages;
  firstName: string;
  client: LocationClient;
  onShared: (map: string) => void;
}) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const m = t.location;

  const share = async () => {
    setState({ status: 'locating' });
    try {
      const position = await client.locate();
      const map = await client.share(position);
      setState({ status: 'shared', map });
      onShared(map);
    } catch (failure) {
      const message =
        failure === 'denied'
          ? m.denied
          : failure === 'unavailable'
            ? m.unavailable
            : ((failure as { message?: string }).message ?? m.unavailable);
      setState({ status: 'failed', message });
    }
  };

  return (
    <section class="cp-where" aria-labelledby="compartilhar-localizacao">
      <p id="compartilhar-localizacao" class="cp-where-explain">
        {m.explain}
      </p>
      {state.status === 'shared' ? (
        <p class="cp-where-done" role="status">
          {m.shared(firstName)}{' '}
          <a href={state.map} target="_blank" rel="noopener noreferrer">
            {m.seeMap}
          </a>
        </p>
      ) : (
        <button
          type="button"
          class="cp-where-button"
          onClick={share}
          disabled={state.status === 'locating'}
          aria-describedby="compartilhar-localizacao"
        >
          {state.status === 'locating'
            ? m.locating
            : state.status === 'failed'
              ? m.retry
              : m.share(firstName)}
        </button>
      )}
      {state.status === 'failed' && (
        <p class="cp-where-error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}
