import type { DorHistorico } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of the pain history; saving a pain record invalidates it. */
export const dorHistoricoQueryKey = ['mapa-dor', 'historico'] as const;

/**
 * `GET /api/timeline/dor/historico` → `{historico: [{local_dor, vezes,
 * intensidade_max, ultima}]}`: the signed-in patient's pain per region over
 * the last 90 days, darkest shade first (issue 5 "Pain map"; an addition of ours,
 * docs/health-record.md "Pain history").
 */
export function useDorHistorico() {
  return useQuery({
    queryKey: dorHistoricoQueryKey,
    queryFn: ({ signal }) => api.get<DorHistorico>('/timeline/dor/historico', signal),
  });
}
