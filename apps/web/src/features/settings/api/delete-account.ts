import type { DeleteAccount } from '@pulso/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * `POST /api/settings/excluir {password, confirmacao}` → `{message, exclui_em}`: asks the deletion of the
 * account and its data, erased 7 days later unless the patient signs in before (docs/account-deletion.md
 * "Asking"); 422 `errors.password` / `errors.confirmacao`, 409 `{message}` for a doctor or staff account.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccount) =>
      api.post<{ message: string; exclui_em: string }>('/settings/excluir', body),
    meta: { blocking: true },
  });
}
