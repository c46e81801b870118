import type { MedicoStatus, MedicoView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { MedicoMeResponse } from './get-medico-me.ts';
import { medicoKeys } from './keys.ts';

/** Answer of `PUT /api/medico/status`: 'Status atualizado' and the doctor as patients now see them. */
export interface MedicoStatusResponse {
  message: string;
  medico: MedicoView;
}

/**
 * `PUT /api/medico/status {status}` (2 disponível, 1 ocupado, 0 offline;
 * docs/telemedicine.md "Doctor status"). Optimistic: the header shows the new
 * status at once and goes back to the previous one when the server refuses (the
 * caller shows why).
 */
export function useUpdateMedicoStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: MedicoStatus) => api.put<MedicoStatusResponse>('/medico/status', { status }),
    onMutate: async (status) => {
      await queryClient.cancelQueries({ queryKey: medicoKeys.me });
      const previous = queryClient.getQueryData<MedicoMeResponse>(medicoKeys.me);
      if (previous) {
        queryClient.setQueryData<MedicoMeResponse>(medicoKeys.me, {
          ...previous,
          medico: { ...previous.medico, status },
        });
      }
      return { previous };
    },
    onError: (_error, _status, context) => {
      if (context?.previous) queryClient.setQueryData(medicoKeys.me, context.previous);
    },
    onSuccess: ({ medico }) => {
      queryClient.setQueryData<MedicoMeResponse>(medicoKeys.me, (old) => (old ? { ...old, medico } : old));
    },
  });
}
