import type { Hospitalar } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type SaudeSaveResponse, storeSaudeUser } from './get-saude.ts';

/** Pause before `PUT /api/hospitalar` (docs/health-record.md "Hospital information": saved after 100 ms). */
export const HOSPITALAR_SAVE_DELAY_MS = 100;

/**
 * `PUT /api/hospitalar` with `HospitalarSchema`'s output (convênio, hospital, and the doctor: a
 * registered one by `medico_id`, whose name, CRM and specialty the server takes from their record,
 * or free text with `medico_id` null), sent {@link HOSPITALAR_SAVE_DELAY_MS} after 'Salvar'.
 * Caches the answer's user; 422 answers carry `errors` per field (`medico_id` for a doctor that
 * can no longer be chosen).
 */
export function useUpdateHospitalar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Hospitalar) => {
      await new Promise((resolve) => setTimeout(resolve, HOSPITALAR_SAVE_DELAY_MS));
      return api.put<SaudeSaveResponse>('/hospitalar', body);
    },
    onSuccess: ({ user }) => storeSaudeUser(queryClient, user),
  });
}
