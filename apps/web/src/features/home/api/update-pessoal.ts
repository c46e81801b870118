import type { Pessoal } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type HomeSaveResponse, storeHomeUser } from './get-home.ts';

/**
 * `PUT /api/home/pessoal` with `PessoalSchema`'s output (telefone, contato, contato_telefone,
 * contato_relacao; docs/accounts.md "Personal information"). Caches the answer's user; 422 answers carry
 * `errors` per field.
 */
export function useUpdatePessoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pessoal) => api.put<HomeSaveResponse>('/home/pessoal', body),
    onSuccess: ({ user }) => storeHomeUser(queryClient, user),
  });
}
