import type { ShlCreate, ShlView } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of the patient's links. */
export const shlQueryKey = ['shl'] as const;

/** `GET /api/shl`: the signed-in patient's SMART Health Links, newest first. */
export function useShlLinks() {
  return useQuery({
    queryKey: shlQueryKey,
    queryFn: ({ signal }) => api.get<{ links: ShlView[] }>('/shl', signal),
  });
}

/** `POST /api/shl`: a new link; its answer is the only time the link (with its key) is seen. */
export function useCreateShl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShlCreate) => api.post<{ link: string; shl: ShlView }>('/shl', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shlQueryKey }),
  });
}

/** `DELETE /api/shl/:id`: revokes a link. */
export function useRevokeShl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/shl/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shlQueryKey }),
  });
}
