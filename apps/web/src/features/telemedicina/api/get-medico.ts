import type { AtendimentoView, MedicoView, PagamentoPrevisto, UserView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { rememberAtendimentoRole } from '../../../lib/unread.ts';

/**
 * Answer of `GET /api/telemedicina/medico/:id` (docs/api/telemedicina.md "Patient
 * side"): the caller, the doctor as the caller sees it (`bloqueado`: this
 * doctor blocked the caller), the caller's sessions with them, newest first,
 * and what a request would use now (docs/api/telemedicina.md "What a request will
 * use").
 */
export interface MedicoProfile {
  user: UserView;
  medico: MedicoView;
  atendimentos: AtendimentoView[];
  pagamento_previsto: PagamentoPrevisto;
}

/** Query key of one doctor's profile. */
export function medicoProfileKey(id: number) {
  return ['telemedicina', 'medico', id] as const;
}

/**
 * A doctor's profile with the caller's sessions (404 'Médico não encontrado'
 * for an unknown or suspended doctor; not retried). The caller is the
 * patient of every session listed: the unread counter learns it.
 */
export function useMedicoProfile(id: number) {
  return useQuery({
    queryKey: medicoProfileKey(id),
    queryFn: async ({ signal }) => {
      const answer = await api.get<MedicoProfile>(`/telemedicina/medico/${id}`, signal);
      for (const atendimento of answer.atendimentos) rememberAtendimentoRole(atendimento.id, 'paciente');
      return answer;
    },
    staleTime: 0,
  });
}
