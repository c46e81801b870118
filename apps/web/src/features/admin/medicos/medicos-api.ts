import type { AdminMedicoDetail, AdminMedicoItem, MedicoCreate, MedicoEdit } from '@pulso/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the doctors area (issue 9 "Doctors"). */
export const medicosKeys = {
  all: ['admin', 'medicos'] as const,
  list: (filter: MedicosFilter) => ['admin', 'medicos', 'list', filter] as const,
  detail: (id: number) => ['admin', 'medicos', 'detail', id] as const,
  especialidades: ['admin', 'medicos', 'especialidades'] as const,
};

/** The list's filters: `q` name or CRM; suspension; verification. */
export interface MedicosFilter {
  q: string;
  status: 'todos' | 'ativos' | 'suspensos';
  verificacao: 'todos' | 'verificados' | 'nao_verificados';
}

/** `GET /api/admin/medicos`, 30 a page ('Carregar mais'). */
export function useAdminMedicos(filter: MedicosFilter) {
  return useInfiniteQuery({
    queryKey: medicosKeys.list(filter),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ status: filter.status, verificacao: filter.verificacao });
      if (filter.q.trim()) query.set('q', filter.q.trim());
      if (pageParam) query.set('offset', String(pageParam));
      return api.get<{ medicos: AdminMedicoItem[]; next: number | null }>(`/admin/medicos?${query}`, signal);
    },
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/medicos/:id` while `id` is set. */
export function useAdminMedico(id: number | null) {
  return useQuery({
    queryKey: medicosKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ medico: AdminMedicoDetail }>(`/admin/medicos/${id}`, signal),
    enabled: id !== null,
    select: (answer) => answer.medico,
  });
}

/** The CFM specialties (`GET /api/especialidades`) for the forms' choices. */
export function useEspecialidadeNomes() {
  return useQuery({
    queryKey: medicosKeys.especialidades,
    queryFn: ({ signal }) =>
      api.get<{ especialidades: { id: number; nome: string }[] }>('/especialidades', signal),
    staleTime: 60 * 60_000,
    select: (answer) => answer.especialidades.map((e) => e.nome),
  });
}

type Answer = { message: string; medico: AdminMedicoDetail };

/** `POST /api/admin/medicos`; the lists are refetched. */
export function useCreateMedico() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicoCreate) => api.post<Answer>('/admin/medicos', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicosKeys.all }),
  });
}

/** `PUT /api/admin/medicos/:id`. */
export function useEditMedico(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicoEdit) => api.put<Answer>(`/admin/medicos/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicosKeys.all }),
  });
}

/** Which switch of a doctor: its route. */
export type MedicoSwitch = 'verificacao' | 'suspensao' | 'suporte';

/** `PUT /api/admin/medicos/:id/{verificacao|suspensao|suporte}` `{ativo}`. */
export function useMedicoSwitch(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ which, ativo }: { which: MedicoSwitch; ativo: boolean }) =>
      api.put<Answer>(`/admin/medicos/${id}/${which}`, { ativo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicosKeys.all }),
  });
}
