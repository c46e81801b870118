import type { MedicoView, UserView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useToken } from '../../../lib/token.ts';
import { MEDICO_POLL_MS, medicoKeys } from './keys.ts';
import { useMedicoLive } from './use-medico-live.ts';

/** Counters of the doctor area's home (docs/api/telemedicina.md, `GET /api/medico/me`). */
export interface MedicoResumo {
  /** Requests waiting for this doctor (status P). */
  solicitacoes: number;
  /** Sessions in progress (status A). */
  ativos: number;
  /** Messages from patients this doctor has not read. */
  mensagens_novas: number;
}

/** Answer of `GET /api/medico/me`: the account, its doctor profile and the counters. */
export interface MedicoMeResponse {
  user: UserView;
  medico: MedicoView;
  resumo: MedicoResumo;
}

/**
 * The signed-in doctor (`GET /api/medico/me`), loaded only while a token is
 * stored. Rejects with an ApiError 403 'Esta conta não é de um médico.' for
 * any other account (the area then says so). Realtime events keep it fresh;
 * while the socket is down it is read again every {@link MEDICO_POLL_MS}.
 */
export function useMedicoMe() {
  const token = useToken();
  const live = useMedicoLive();
  return useQuery({
    queryKey: medicoKeys.me,
    queryFn: ({ signal }) => api.get<MedicoMeResponse>('/medico/me', signal),
    enabled: token !== null,
    refetchInterval: live ? false : MEDICO_POLL_MS,
  });
}
