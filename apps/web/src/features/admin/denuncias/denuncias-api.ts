import type { AdminDenuncia, DenunciaStatus, DenunciaUpdate } from '@pulso/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the reports area (issue 9 "Reports"). */
export const denunciasKeys = {
  all: ['admin', 'denuncias'] as const,
  list: (status: DenunciaStatus | null) => ['admin', 'denuncias', 'list', status] as const,
};

/** `GET /api/admin/denuncias`, newest first, of one status or all, 30 a page. */
export function useDenuncias(status: DenunciaStatus | null) {
  return useInfiniteQuery({
    queryKey: denunciasKeys.list(status),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (pageParam) query.set('before', String(pageParam));
      const qs = query.toString();
      return api.get<{ denuncias: AdminDenuncia[]; next: number | null }>(
        `/admin/denuncias${qs ? `?${qs}` : ''}`,
        signal,
      );
    },
    getNextPageParam: (last) => last.next,
  });
}

/** `PUT /api/admin/denuncias/:id` `{status, nota}`; the lists are refetched. */
export function useUpdateDenuncia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DenunciaUpdate }) =>
      api.put<{ message: string; denuncia: AdminDenuncia }>(`/admin/denuncias/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: denunciasKeys.all }),
  });
}
