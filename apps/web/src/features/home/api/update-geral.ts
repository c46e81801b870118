import type { Geral } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type HomeSaveResponse, storeHomeUser } from './get-home.ts';

/**
 * `PUT /api/home/geral` with `GeralSchema`'s output (nascimento, sexo, sangue, endereço, cidade, complemento;
 * docs/accounts.md "General information"). Caches the answer's user; 422 answers carry `errors` per field.
 */
export function useUpdateGeral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Geral) => api.put<HomeSaveResponse>('/home/geral', body),
    onSuccess: ({ user }) => storeHomeUser(queryClient, user),
  });
}
