import { type FieldErrors, firstErrorMessage } from '@pulso/domain';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorToSnackbarValue } from '../api.ts';
import { Snackbar, type SnackbarKind, type SnackbarMessage } from './snackbar.tsx';

/** Success messages clear after 5000 ms (docs/architecture.md "Loading dialog and snackbar"). */
export const SUCCESS_TIMEOUT_MS = 5000;

/** What the snackbar accepts: a plain message or a `{field: [msg…]}` errors object. */
export type SnackbarValue = string | FieldErrors;

/** Controls of the shell's snackbar. */
export interface SnackbarApi {
  /**
   * Shows the string, or the first error of the first field
   * (docs/architecture.md "Loading dialog and snackbar").
   */
  show: (value: SnackbarValue, kind?: SnackbarKind) => void;
  /** Shows a success message that clears after {@link SUCCESS_TIMEOUT_MS}. */
  success: (message: string) => void;
  /** Shows a failure: an ApiError's field errors or message, or a plain value. */
  error: (error: unknown) => void;
  close: () => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

/** Provides {@link useSnackbar} and renders the snackbar. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const nextId = useRef(1);

  const show = useCallback((value: SnackbarValue, kind: SnackbarKind = 'info') => {
    const text = firstErrorMessage(value);
    if (!text) return;
    setMessage({ id: nextId.current++, text, kind });
  }, []);
  const close = useCallback(() => setMessage(null), []);

  useEffect(() => {
    if (message?.kind !== 'success') return;
    const timer = window.setTimeout(() => {
      setMessage((current) => (current?.id === message.id ? null : current));
    }, SUCCESS_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const value = useMemo<SnackbarApi>(
    () => ({
      show,
      close,
      success: (text) => show(text, 'success'),
      error: (error) =>
        show(
          typeof error === 'string' || isFieldErrors(error) ? error : errorToSnackbarValue(error),
          'error',
        ),
    }),
    [show, close],
  );

  return (
    <SnackbarContext value={value}>
      {children}
      <Snackbar message={message} onClose={close} />
    </SnackbarContext>
  );
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    Object.values(value).every((v) => Array.isArray(v))
  );
}

/** The shell's snackbar: `useSnackbar().show('Salvo com sucesso', 'success')`. */
export function useSnackbar(): SnackbarApi {
  const context = use(SnackbarContext);
  if (!context) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return context;
}
