import type { AtendimentoView, RecusaSchema } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import type { MedicoMeResponse } from './get-medico-me.ts';
import type { SolicitacoesResponse } from './get-solicitacoes.ts';
import { medicoKeys } from './keys.ts';

/** Answer of `PUT /api/telemedicina/atendimento/:id/aceitar`: 'Solicitação aceita' and the session, now A. */
export interface AceitarResponse {
  message: string;
  atendimento: AtendimentoView;
}

/** Answer of `PUT /api/telemedicina/atendimento/:id/recusar`: 'Solicitação recusada' and the id. */
export interface RecusarResponse {
  message: string;
  id: number;
}

/**
 * Body of the refusal (`RecusaSchema`): one of the three reasons of
 * docs/telemedicine.md "Decline reasons" and an optional comment.
 */
export type RecusaBody = z.output<typeof RecusaSchema>;

/**
 * Takes an answered request out of the cached list and the home's counter at
 * once (the lists are read again afterwards all the same).
 */
function useForgetSolicitacao() {
  const queryClient = useQueryClient();
  return async (id: number) => {
    await queryClient.cancelQueries({ queryKey: medicoKeys.solicitacoes });
    queryClient.setQueryData<SolicitacoesResponse>(medicoKeys.solicitacoes, (old) =>
      old ? { solicitacoes: old.solicitacoes.filter((s) => s.id !== id) } : old,
    );
    queryClient.setQueryData<MedicoMeResponse>(medicoKeys.me, (old) =>
      old
        ? { ...old, resumo: { ...old.resumo, solicitacoes: Math.max(0, old.resumo.solicitacoes - 1) } }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: medicoKeys.all });
  };
}

/**
 * 'Aceitar' a request (docs/telemedicine.md "Requests waiting"): the session
 * becomes A and its chat opens to both sides.
 */
export function useAceitarSolicitacao() {
  const forget = useForgetSolicitacao();
  return useMutation({
    mutationFn: (id: number) => api.put<AceitarResponse>(`/telemedicina/atendimento/${id}/aceitar`),
    meta: { blocking: true },
    onSuccess: (_answer, id) => forget(id),
  });
}

/**
 * 'Recusar' a request with a reason (docs/telemedicine.md "Decline reasons"):
 * the patient reads the reason and comment; a pass or credit that paid is given
 * back.
 */
export function useRecusarSolicitacao() {
  const forget = useForgetSolicitacao();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RecusaBody }) =>
      api.put<RecusarResponse>(`/telemedicina/atendimento/${id}/recusar`, body),
    meta: { blocking: true },
    onSuccess: (_answer, { id }) => forget(id),
  });
}
