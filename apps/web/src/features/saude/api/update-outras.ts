import type { Outras } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type SaudeSaveResponse, storeSaudeUser } from './get-saude.ts';

/**
 * `PUT /api/outras` with `OutrasSchema`'s output (doador `S`/`N`, adicional).
 * Caches the answer's user; 422 answers carry `errors` per field.
 */
export function useUpdateOutras() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Outras) => api.put<SaudeSaveResponse>('/outras', body),
    onSuccess: ({ user }) => storeSaudeUser(queryClient, user),
  });
}
