import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

/** Answer of `GET /api/admin/painel` (issue 9 "Dashboard"). */
export interface Painel {
  pacientes: number;
  planos_ativos: number;
  pedidos_abertos: number;
  atendimentos_aguardando: number;
  denuncias_abertas: number;
  /** Patient sign-ups per week, oldest first; `semana` is the Monday, yyyy-mm-dd. */
  cadastros_por_semana: { semana: string; cadastros: number }[];
}

/** The dashboard's counts, read again every minute while the page is open. */
export function usePainel() {
  return useQuery({
    queryKey: adminKeys.painel,
    queryFn: ({ signal }) => api.get<Painel>('/admin/painel', signal),
    refetchInterval: 60_000,
  });
}
