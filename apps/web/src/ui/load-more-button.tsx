import { Button } from '@mantine/core';

/** What {@link LoadMoreButton} reads of a TanStack infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Carregar mais' under a list read a page at a time: shown while `query` has a next page, busy while it loads. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
      Carregar mais
    </Button>
  );
}
