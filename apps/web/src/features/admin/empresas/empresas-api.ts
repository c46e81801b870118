import type {
  CompanyCreate,
  ConvitesGerados,
  EmpresaDetalhe,
  EmpresaResumo,
  InvitationsCreate,
} from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the companies area (issue 9 "Companies"). */
export const empresasKeys = {
  all: ['admin', 'empresas'] as const,
  list: ['admin', 'empresas', 'list'] as const,
  detalhe: (id: number) => ['admin', 'empresas', 'detalhe', id] as const,
};

/** `GET /api/admin/empresas`: every company with its member count. */
export function useEmpresas() {
  return useQuery({
    queryKey: empresasKeys.list,
    queryFn: ({ signal }) => api.get<{ empresas: EmpresaResumo[] }>('/admin/empresas', signal),
  });
}

/** `GET /api/admin/empresas/:id`: a company's invitations and members (off while `id` is null). */
export function useEmpresa(id: number | null) {
  return useQuery({
    queryKey: empresasKeys.detalhe(id ?? 0),
    queryFn: ({ signal }) => api.get<EmpresaDetalhe>(`/admin/empresas/${id}`, signal),
    enabled: id !== null,
  });
}

/** `POST /api/admin/empresas`: creates a company; the list is refetched. */
export function useCreateEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCreate) =>
      api.post<{ message: string; empresa: EmpresaResumo }>('/admin/empresas', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empresasKeys.all }),
  });
}

/** `POST /api/admin/empresas/:id/convites`: the links come back once. */
export function useGerarConvites(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationsCreate) =>
      api.post<ConvitesGerados>(`/admin/empresas/${id}/convites`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empresasKeys.all }),
  });
}

/** `DELETE /api/admin/empresas/:id/membros/:userId`: ends a member's link. */
export function useEncerrarVinculo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.delete<{ message: string }>(`/admin/empresas/${id}/membros/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empresasKeys.all }),
  });
}

/** `PATCH /api/admin/empresas/:id {active}`: deactivates or reactivates a company. */
export function useDefinirEmpresaAtiva(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      api.patch<{ message: string; empresa: EmpresaResumo }>(`/admin/empresas/${id}`, { active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empresasKeys.all }),
  });
}
