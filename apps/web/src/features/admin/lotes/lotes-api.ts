import { type LoteCreate, loteFileName } from '@pulso/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api.ts';
import { saveBlob } from '../../../ui/save-blob.ts';

/** Query keys of the batches area (issue 9 "Sticker batches"). */
export const lotesKeys = {
  all: ['admin', 'lotes'] as const,
  list: ['admin', 'lotes', 'list'] as const,
};

/** A batch of `GET /api/admin/lotes`: `quantidade` codes, `usados` of them claimed. */
export interface Lote {
  id: number;
  quantidade: number;
  usados: number;
  criado_por: string | null;
  created_at: string;
}

/** The batches, newest first, 50 a page ('Carregar mais'). */
export function useLotes() {
  return useInfiniteQuery({
    queryKey: lotesKeys.list,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<{ lotes: Lote[]; next: number | null }>(
        `/admin/lotes${pageParam ? `?before=${pageParam}` : ''}`,
        signal,
      ),
    getNextPageParam: (last) => last.next,
  });
}

/** `POST /api/admin/lotes`: creates a batch; the list is refetched. */
export function useCreateLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoteCreate) => api.post<{ message: string; lote: Lote }>('/admin/lotes', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lotesKeys.all }),
  });
}

/** `GET /api/admin/lotes/:id/pdf` with the bearer token, saved as `pulso-lote-{id}.pdf`. */
export function useDownloadLotePdf() {
  return useMutation({
    mutationFn: async (id: number) => {
      const pdf = await apiFetch<Blob>(`/admin/lotes/${id}/pdf`, { responseType: 'blob' });
      saveBlob(pdf, loteFileName(id));
    },
  });
}
