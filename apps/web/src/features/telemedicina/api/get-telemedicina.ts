import type { AtendimentoView, MedicoView, UserView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Answer of `GET /api/telemedicina` (docs/api/telemedicina.md "Patient side"):
 * `solicitacoes` the pending requests addressed to the caller's own doctor
 * profile (empty unless the caller is also a doctor), `minhas_solicitacoes`
 * the caller's own pending requests and doctors' answers not opened yet,
 * `medicos` 'Meus
 * médicos' (doctors with a session with the caller, latest activity first,
 * each with `mensagens_novas`), `suporte` the support pseudo-doctor or `null`.
 */
export interface TelemedicinaHome {
  user: UserView;
  solicitacoes: AtendimentoView[];
  minhas_solicitacoes: AtendimentoView[];
  medicos: MedicoView[];
  suporte: MedicoView | null;
}

/** Prefix of every telemedicine list query (the realtime events make them stale). */
export const telemedicinaQueryKey = ['telemedicina'] as const;

/** Query key of `GET /api/telemedicina`. */
export const telemedicinaHomeKey = ['telemedicina', 'home'] as const;

/** The /telemedicina screen's data, read afresh on every visit (unread counts change elsewhere). */
export function useTelemedicinaHome() {
  return useQuery({
    queryKey: telemedicinaHomeKey,
    queryFn: ({ signal }) => api.get<TelemedicinaHome>('/telemedicina', signal),
    staleTime: 0,
  });
}
