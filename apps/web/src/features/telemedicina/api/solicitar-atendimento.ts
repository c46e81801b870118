import type { AtendimentoView, SolicitarAtendimento } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { rememberAtendimentoRole } from '../../../lib/unread.ts';
import { type MedicoProfile, medicoProfileKey } from './get-medico.ts';
import { telemedicinaHomeKey } from './get-telemedicina.ts';

/** Answer of `POST /api/telemedicina/atendimento/medico/:id`: the new session and 'Solicitação enviada'. */
export interface AtendimentoCreated {
  atendimento: AtendimentoView;
  message: string;
}

/**
 * Requests care (docs/telemedicine.md "Requests and payment"): `POST
 * /api/telemedicina/atendimento/medico/:id {motivo, pass}` → 201 `{atendimento,
 * message}`; the new session goes at the top of the cached profile's list, which is
 * then read again (its `pagamento_previsto` changed). Errors (`ApiError`): 402
 * nothing pays for it (`noPayment`), 422 `motivo`/`pass` ('Passe inválido ou já
 * utilizado'), 409 a session already open, 403 blocked by the doctor, 404 unknown
 * doctor.
 */
export function useSolicitarAtendimento(medicoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SolicitarAtendimento) =>
      api.post<AtendimentoCreated>(`/telemedicina/atendimento/medico/${medicoId}`, body),
    onSuccess: ({ atendimento }) => {
      rememberAtendimentoRole(atendimento.id, 'paciente');
      queryClient.setQueryData<MedicoProfile>(medicoProfileKey(medicoId), (old) =>
        old
          ? {
              ...old,
              atendimentos: [atendimento, ...old.atendimentos.filter((a) => a.id !== atendimento.id)],
            }
          : old,
      );
      // What the next request would use has changed (a credit or the plan's session is taken).
      void queryClient.invalidateQueries({ queryKey: medicoProfileKey(medicoId) });
      void queryClient.invalidateQueries({ queryKey: telemedicinaHomeKey });
    },
  });
}
