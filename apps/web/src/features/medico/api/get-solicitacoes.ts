import type { AtendimentoView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { MEDICO_POLL_MS, medicoKeys } from './keys.ts';
import { useMedicoLive } from './use-medico-live.ts';

/**
 * Answer of `GET /api/telemedicina/solicitacoes` (docs/api/telemedicina.md "Doctor area"): the requests
 * waiting, oldest first.
 */
export interface SolicitacoesResponse {
  solicitacoes: AtendimentoView[];
}

/**
 * The care requests addressed to the signed-in doctor (status P, oldest
 * first; docs/telemedicine.md "Requests waiting"). Read afresh on every
 * visit, then on realtime events, or every {@link MEDICO_POLL_MS} while
 * the socket is down.
 */
export function useSolicitacoes() {
  const live = useMedicoLive();
  return useQuery({
    queryKey: medicoKeys.solicitacoes,
    queryFn: ({ signal }) => api.get<SolicitacoesResponse>('/telemedicina/solicitacoes', signal),
    staleTime: 0,
    refetchInterval: live ? false : MEDICO_POLL_MS,
  });
}
