import type { AtendimentoView } from '@pulso/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { AtendimentosFiltro } from './atendimentos-filtro.ts';
import { MEDICO_POLL_MS, medicoKeys } from './keys.ts';
import { useMedicoLive } from './use-medico-live.ts';

/** One page of `GET /api/medico/atendimentos?status=…&offset=N`. */
export interface AtendimentosPage {
  atendimentos: AtendimentoView[];
  total: number;
}

/** `rows` followed by the `more` not already among them (new sessions meanwhile shift the offsets). */
export function appendAtendimentos(rows: AtendimentoView[], more: AtendimentoView[]): AtendimentoView[] {
  const seen = new Set(rows.map((row) => row.id));
  return [...rows, ...more.filter((row) => !seen.has(row.id))];
}

/**
 * The signed-in doctor's sessions of one filter, `ATENDIMENTOS_PAGE_SIZE` at
 * a time: each next page asks from the rows already loaded (`offset`) while
 * fewer than `total` are. Realtime events refresh them; while the socket is
 * down they are read again every {@link MEDICO_POLL_MS}.
 */
export function useAtendimentos(status: AtendimentosFiltro) {
  const live = useMedicoLive();
  return useInfiniteQuery({
    queryKey: medicoKeys.atendimentos(status),
    initialPageParam: 0,
    staleTime: 0,
    refetchInterval: live ? false : MEDICO_POLL_MS,
    queryFn: ({ pageParam, signal }) =>
      api.get<AtendimentosPage>(`/medico/atendimentos?status=${status}&offset=${pageParam}`, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.atendimentos.length, 0);
      return last.atendimentos.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
