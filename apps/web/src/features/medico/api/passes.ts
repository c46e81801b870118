import type { PassView } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { medicoKeys } from './keys.ts';

/** Answer of `GET /api/medico/passes`: the passes this doctor issued, newest first. */
export interface PassesResponse {
  passes: PassView[];
}

/** Answer of `POST /api/medico/passes` (201): the new pass. */
export interface PassCreatedResponse {
  pass: PassView;
  message?: string;
}

/** The passes the signed-in doctor issued (docs/telemedicine.md "Passes"). */
export function usePasses() {
  return useQuery({
    queryKey: medicoKeys.passes,
    queryFn: ({ signal }) => api.get<PassesResponse>('/medico/passes', signal),
  });
}

/** Issues a new single-use pass and puts it at the top of the cached list. */
export function useCreatePass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PassCreatedResponse>('/medico/passes'),
    meta: { blocking: true },
    onSuccess: ({ pass }) => {
      queryClient.setQueryData<PassesResponse>(medicoKeys.passes, (old) =>
        old ? { passes: [pass, ...old.passes.filter((p) => p.id !== pass.id)] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: medicoKeys.passes });
    },
  });
}
