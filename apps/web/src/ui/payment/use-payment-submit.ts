import { GENERIC_ERROR_MESSAGE } from '@pulso/domain';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';

/** What the page does with a payment method: charge or save it; throws an `ApiError` whose message is shown. */
export type OnPaymentMethod = (paymentMethodId: string, idempotencyKey: string) => Promise<void>;

/** A refusal from the provider's own script (Stripe.js `error.message`), shown as is. */
export class CardProviderError extends Error {
  override readonly name = 'CardProviderError';
}

/** The outcome of one submit: `ignored` when another was still running (a double click). */
export type SubmitOutcome = 'ok' | 'failed' | 'ignored';

/** A fresh idempotency key: a UUID (`crypto.randomUUID`, or random hex where it is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof CardProviderError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/**
 * One payment at a time, charged once (issue 8: "a double click or a retry
 * charges once"). The idempotency key is made when the form mounts and
 * kept across retries, so a retry after a lost answer replays the same
 * charge. Only after the provider refused the charge (HTTP 402 from
 * `onPaymentMethod`) is a new key made: the server answers a refused key
 * with the same refusal, and the user may now try another card. A submit
 * while one runs is ignored.
 */
export function usePaymentSubmit(onPaymentMethod: OnPaymentMethod) {
  const key = useRef<string | null>(null);
  key.current ??= newIdempotencyKey();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (makePaymentMethod: () => Promise<string>): Promise<SubmitOutcome> => {
      if (running.current) return 'ignored';
      running.current = true;
      setBusy(true);
      setError(null);
      let charging = false;
      try {
        const id = await makePaymentMethod();
        charging = true;
        await onPaymentMethod(id, key.current ?? newIdempotencyKey());
        return 'ok';
      } catch (failure) {
        if (charging && failure instanceof ApiError && failure.status === 402)
          key.current = newIdempotencyKey();
        setError(messageOf(failure));
        return 'failed';
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [onPaymentMethod],
  );

  return { run, busy, error, clearError: () => setError(null) };
}
