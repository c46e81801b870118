import type { Caracteristicas } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type HomeSaveResponse, storeHomeUser } from './get-home.ts';

/**
 * `PUT /api/home/caracteristicas` with `CaracteristicasSchema`'s output (peso kg, altura m, cor, olhos,
 * sinal; docs/accounts.md "Physical characteristics"). Caches the answer's user; 422 answers carry `errors`
 * per field.
 */
export function useUpdateCaracteristicas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Caracteristicas) => api.put<HomeSaveResponse>('/home/caracteristicas', body),
    onSuccess: ({ user }) => storeHomeUser(queryClient, user),
  });
}
