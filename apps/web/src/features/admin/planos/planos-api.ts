import type { AtendimentoValor, CupomAdmin, CupomAdminView, PlanoAdmin, PlanoAdminView } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query keys of the plans, coupons and price area (issue 9 "Content"). */
export const planosKeys = {
  all: ['admin', 'planos'] as const,
  planos: ['admin', 'planos', 'planos'] as const,
  cupons: ['admin', 'planos', 'cupons'] as const,
  atendimentoValor: ['admin', 'planos', 'atendimento-valor'] as const,
};

/** `GET /api/admin/planos`: every plan, on sale or not. */
export function usePlanosAdmin() {
  return useQuery({
    queryKey: planosKeys.planos,
    queryFn: ({ signal }) => api.get<{ planos: PlanoAdminView[] }>('/admin/planos', signal),
  });
}

/** `POST /api/admin/planos` (no id) or `PUT /api/admin/planos/:id`. */
export function useSalvarPlano() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanoAdmin }) =>
      id === null
        ? api.post<{ message: string; plano: PlanoAdminView }>('/admin/planos', body)
        : api.put<{ message: string; plano: PlanoAdminView }>(`/admin/planos/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planosKeys.planos }),
  });
}

/** `GET /api/admin/cupons`: every coupon with its uses. */
export function useCuponsAdmin() {
  return useQuery({
    queryKey: planosKeys.cupons,
    queryFn: ({ signal }) => api.get<{ cupons: CupomAdminView[] }>('/admin/cupons', signal),
  });
}

/** `POST /api/admin/cupons` (no id) or `PUT /api/admin/cupons/:id`. */
export function useSalvarCupom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CupomAdmin }) =>
      id === null
        ? api.post<{ message: string; cupom: CupomAdminView }>('/admin/cupons', body)
        : api.put<{ message: string; cupom: CupomAdminView }>(`/admin/cupons/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planosKeys.cupons }),
  });
}

/** `GET /api/admin/atendimento-valor`: the single-consultation price in centavos. */
export function useAtendimentoValor() {
  return useQuery({
    queryKey: planosKeys.atendimentoValor,
    queryFn: ({ signal }) => api.get<AtendimentoValor>('/admin/atendimento-valor', signal),
  });
}

/** `PUT /api/admin/atendimento-valor`. */
export function useSalvarAtendimentoValor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AtendimentoValor) =>
      api.put<{ message: string; atendimento_valor: number }>('/admin/atendimento-valor', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planosKeys.atendimentoValor }),
  });
}
