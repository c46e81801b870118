import { useIsMutating } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react';
import { LoadingDialog } from './loading-dialog.tsx';

/** Controls of the global 'Carregando ...' dialog. */
export interface LoadingApi {
  /** Shows the dialog; call the returned function (once) to release it. */
  start: () => () => void;
  /** Shows the dialog while `work` runs and resolves with its result. */
  run: <T>(work: Promise<T> | (() => Promise<T>)) => Promise<T>;
}

const LoadingContext = createContext<LoadingApi | null>(null);

/**
 * Provides {@link useLoading} and renders the dialog. It is open while any
 * `start()` is pending or any mutation with `meta: { blocking: true }` runs.
 */
export function LoadingProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const blocking = useIsMutating({ predicate: (mutation) => mutation.options.meta?.blocking === true });

  const start = useCallback(() => {
    setCount((c) => c + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setCount((c) => c - 1);
    };
  }, []);

  const run = useCallback(
    async <T,>(work: Promise<T> | (() => Promise<T>)): Promise<T> => {
      const stop = start();
      try {
        return await (typeof work === 'function' ? work() : work);
      } finally {
        stop();
      }
    },
    [start],
  );

  const value = useMemo(() => ({ start, run }), [start, run]);
  return (
    <LoadingContext value={value}>
      {children}
      <LoadingDialog opened={count + blocking > 0} />
    </LoadingContext>
  );
}

/** The global loading dialog's controls; for mutations prefer `meta: { blocking: true }`. */
export function useLoading(): LoadingApi {
  const context = use(LoadingContext);
  if (!context) throw new Error('useLoading must be used inside LoadingProvider');
  return context;
}
