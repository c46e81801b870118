import type { Saude } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type SaudeSaveResponse, storeSaudeUser } from './get-saude.ts';

/**
 * `PUT /api/saude` with `SaudeSchema`'s output (alergias, problemas, medicamentos, tratamento, protese,
 * sus as 15 digits). Caches the answer's user; 422 answers carry `errors` per field.
 */
export function useUpdateSaude() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Saude) => api.put<SaudeSaveResponse>('/saude', body),
    onSuccess: ({ user }) => storeSaudeUser(queryClient, user),
  });
}
