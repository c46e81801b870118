import { ACESSOS_PAGE_SIZE, type AcessoView } from '@pulso/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** One page of `GET /api/permissoes/acessos?offset=N`. */
export interface AcessosPage {
  acessos: AcessoView[];
  total: number;
}

/** Query key of the access log ('Quem acessou meus dados'). */
export const acessosQueryKey = ['acessos'] as const;

/** `rows` followed by the `more` not already among them (a new access meanwhile shifts the offsets). */
export function appendAcessos(rows: AcessoView[], more: AcessoView[]): AcessoView[] {
  const seen = new Set(rows.map((row) => row.id));
  return [...rows, ...more.filter((row) => !seen.has(row.id))];
}

/**
 * Who opened the signed-in patient's code, newest first,
 * {@link ACESSOS_PAGE_SIZE} at a time: each next page asks from the number
 * of rows already loaded (`offset`) while fewer than `total` are. Rows are
 * merged with {@link appendAcessos} by the page.
 */
export function useAcessos() {
  return useInfiniteQuery({
    queryKey: acessosQueryKey,
    initialPageParam: 0,
    // A log: read afresh on every visit rather than from a 30-second-old cache.
    staleTime: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<AcessosPage>(`/permissoes/acessos?offset=${pageParam}`, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.acessos.length, 0);
      return last.acessos.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
