import type { ReactNode } from 'react';
import { PageLoader } from './page-loader.tsx';
import { QueryError } from './query-error.tsx';

/** What {@link QueryView} reads of a TanStack query, plain or infinite. */
export interface QueryViewState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A query's data once it is there (`children(data)`); before, the page
 * loader; if it failed, {@link QueryError} titled `errorTitle` with the
 * server's or the network's message and 'Tentar novamente'.
 */
export function QueryView<T>({
  query,
  errorTitle,
  children,
}: {
  query: QueryViewState<T>;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <QueryError
        title={errorTitle}
        message={query.error?.message ?? ''}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data as T);
}
