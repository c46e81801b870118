import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

/** One admin action of `GET /api/admin/auditoria`. */
export interface AuditRegistro {
  id: number;
  actor_email: string;
  acao: string;
  entidade: string;
  entidade_id: string | null;
  antes: unknown;
  depois: unknown;
  created_at: string;
}

/** The audit log, newest first, 50 a page ('Carregar mais'), optionally of one kind of entity. */
export function useAuditoria(filtro: { entidade?: string }) {
  return useInfiniteQuery({
    queryKey: adminKeys.auditoria(filtro),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (filtro.entidade) query.set('entidade', filtro.entidade);
      if (pageParam) query.set('before', String(pageParam));
      const qs = query.toString();
      return api.get<{ registros: AuditRegistro[]; next: number | null }>(
        `/admin/auditoria${qs ? `?${qs}` : ''}`,
        signal,
      );
    },
    getNextPageParam: (last) => last.next,
  });
}
