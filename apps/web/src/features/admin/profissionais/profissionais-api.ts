import type { AdminProfissional, ProfissionalReview, ProfissionalStatus } from '@pulso/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the emergency professionals' review (issue 9). */
export const profissionaisKeys = {
  all: ['admin', 'profissionais'] as const,
  list: (status: ProfissionalStatus | null) => ['admin', 'profissionais', 'list', status] as const,
};

/**
 * `GET /api/admin/profissionais`: pending first, 30 a page. Each
 * `documento` is a signed URL valid about 15 minutes, so the list is
 * refetched after 10 minutes.
 */
export function useProfissionais(status: ProfissionalStatus | null) {
  return useInfiniteQuery({
    queryKey: profissionaisKeys.list(status),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (pageParam) query.set('offset', String(pageParam));
      const qs = query.toString();
      return api.get<{ profissionais: AdminProfissional[]; next: number | null }>(
        `/admin/profissionais${qs ? `?${qs}` : ''}`,
        signal,
      );
    },
    getNextPageParam: (last) => last.next,
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
  });
}

/** `PUT /api/admin/profissionais/:id` `{status, motivo}`; the lists are refetched. */
export function useReviewProfissional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProfissionalReview }) =>
      api.put<{ message: string; profissional: AdminProfissional }>(`/admin/profissionais/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profissionaisKeys.all }),
  });
}
