import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A medical specialty (CFM list) as `GET /api/especialidades` answers it. */
export interface Especialidade {
  id: number;
  nome: string;
}

/** The specialties of the search's select (`GET /api/especialidades` → `{especialidades}`); they rarely change. */
export function useEspecialidades() {
  return useQuery({
    queryKey: ['especialidades'],
    queryFn: ({ signal }) => api.get<{ especialidades: Especialidade[] }>('/especialidades', signal),
    staleTime: 60 * 60_000,
    select: (answer) => answer.especialidades,
  });
}
