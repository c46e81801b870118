import { dayInSaoPaulo, type ExportacaoView, exportacaoFileName } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api.ts';
import { saveBlob } from '../../../ui/save-blob.ts';

/** How often the panel asks again while the ZIP is being made. */
const POLL_MS = 2_000;

const exportacaoKey = ['exportacao'] as const;

/**
 * `GET /api/exportacao` → `{exportacao}` (docs/data-export.md "The API"): the latest request, or
 * `null`; asked again every 2 s while it is `pendente`.
 */
export function useExportacao() {
  return useQuery({
    queryKey: exportacaoKey,
    queryFn: ({ signal }) => api.get<{ exportacao: ExportacaoView | null }>('/exportacao', signal),
    select: (answer) => answer.exportacao,
    refetchInterval: (query) => (query.state.data?.exportacao?.status === 'pendente' ? POLL_MS : false),
  });
}

/** `POST /api/exportacao` → `{exportacao}`: asks for the ZIP (or answers the one already asked for). */
export function usePedirExportacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ exportacao: ExportacaoView }>('/exportacao'),
    onSuccess: (answer) => queryClient.setQueryData(exportacaoKey, answer),
  });
}

/**
 * `GET /api/exportacao/:id/arquivo` with the bearer token: the ZIP, saved as
 * `pulso-dados-YYYY-MM-DD.zip` (the day it was made, as the server names it).
 */
export function useBaixarExportacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (exportacao: ExportacaoView) => {
      const zip = await apiFetch<Blob>(`/exportacao/${exportacao.id}/arquivo`, { responseType: 'blob' });
      saveBlob(zip, exportacaoFileName(dayInSaoPaulo(exportacao.ready_at ?? exportacao.created_at)));
    },
    // An expired file (410): the state shown is refreshed.
    onError: () => queryClient.invalidateQueries({ queryKey: exportacaoKey }),
  });
}
