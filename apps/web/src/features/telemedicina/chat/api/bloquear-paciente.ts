import type { AtendimentoChat } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { chatQueryKey } from './get-atendimento-chat.ts';

/**
 * The doctor blocks or unblocks the session's patient (docs/telemedicine.md
 * "Blocking a patient"): `PUT /api/medico/bloqueio/:userId {bloqueado}` →
 * `{message: 'Paciente bloqueado' | 'Paciente desbloqueado'}`; a blocked
 * patient cannot request new sessions from this doctor. The cached chat's
 * `paciente.bloqueado` follows.
 */
export function useBloquearPaciente(atendimentoId: number, pacienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bloqueado: boolean) =>
      api.put<{ message: string }>(`/medico/bloqueio/${pacienteId}`, { bloqueado }),
    onSuccess: (_, bloqueado) => {
      queryClient.setQueryData<AtendimentoChat>(chatQueryKey(atendimentoId), (old) =>
        old
          ? {
              ...old,
              paciente: { ...old.paciente, bloqueado },
              atendimento: { ...old.atendimento, paciente: { ...old.atendimento.paciente, bloqueado } },
            }
          : old,
      );
    },
  });
}
