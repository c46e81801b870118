import { type MarcarEnviado, type PedidoStatusFiltro, pedidoFileName } from '@pulso/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api.ts';
import { saveBlob } from '../../../ui/save-blob.ts';

/** Query keys of the orders area (issue 9 "Orders"). */
export const pedidosKeys = {
  all: ['admin', 'pedidos'] as const,
  list: (status: PedidoStatusFiltro | null) => ['admin', 'pedidos', 'list', status] as const,
  detail: (id: number) => ['admin', 'pedidos', 'detail', id] as const,
};

/** An order of `GET /api/admin/pedidos` (`valor` centavos, `status` A/E). */
export interface PedidoItem {
  id: number;
  created_at: string;
  status: string;
  code: string;
  nome: string;
  cidade: string;
  valor: number;
}

/** One order of `GET /api/admin/pedidos/:id` (`cep` `#####-###`). */
export interface Pedido extends PedidoItem {
  comprador: { id: number; name: string; email: string };
  endereco: string;
  bairro: string;
  cep: string;
  complemento: string | null;
  coupon: { nome: string; desconto: number } | null;
  plano_anual: boolean;
  rastreio: string | null;
  enviado_em: string | null;
}

/** The orders, newest first, of one status or all, 50 a page ('Carregar mais'). */
export function usePedidos(status: PedidoStatusFiltro | null) {
  return useInfiniteQuery({
    queryKey: pedidosKeys.list(status),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (pageParam) query.set('before', String(pageParam));
      const qs = query.toString();
      return api.get<{ pedidos: PedidoItem[]; next: number | null }>(
        `/admin/pedidos${qs ? `?${qs}` : ''}`,
        signal,
      );
    },
    getNextPageParam: (last) => last.next,
  });
}

/** One order in full, while `id` is set. */
export function usePedido(id: number | null) {
  return useQuery({
    queryKey: pedidosKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ pedido: Pedido }>(`/admin/pedidos/${id}`, signal),
    enabled: id !== null,
    select: (answer) => answer.pedido,
  });
}

/** `POST /api/admin/pedidos/:id/enviar`: the lists and the order are refetched. */
export function useMarcarEnviado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MarcarEnviado }) =>
      api.post<{ message: string; pedido: Pedido }>(`/admin/pedidos/${id}/enviar`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
}

/** `GET /api/admin/pedidos/:id/pdf` with the bearer token, saved as `pulso-pedido-{id}.pdf`. */
export function useDownloadPedidoPdf() {
  return useMutation({
    mutationFn: async (id: number) => {
      const pdf = await apiFetch<Blob>(`/admin/pedidos/${id}/pdf`, { responseType: 'blob' });
      saveBlob(pdf, pedidoFileName(id));
    },
  });
}
