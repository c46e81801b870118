import type { DicaAdmin, DicaInput, FaqAdmin, FaqInput } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { conteudoKeys } from './keys.ts';

/** The two plain-text lists the editor keeps: the FAQs of /faqs and the tips of /dicas. */
export type TextoTipo = 'faqs' | 'dicas';
export type TextoItem<T extends TextoTipo> = T extends 'faqs' ? FaqAdmin : DicaAdmin;
export type TextoInput<T extends TextoTipo> = T extends 'faqs' ? FaqInput : DicaInput;

const base = (tipo: TextoTipo) => `/admin/conteudo/${tipo}`;

/** `GET /api/admin/conteudo/{faqs|dicas}`: every item, hidden ones too, in order. */
export function useTextos<T extends TextoTipo>(tipo: T) {
  return useQuery({
    queryKey: conteudoKeys.lista(tipo),
    queryFn: async ({ signal }) => {
      const answer = await api.get<Record<T, TextoItem<T>[]>>(base(tipo), signal);
      return answer[tipo];
    },
  });
}

/** Creates (no `id`) or edits (`id`) an item; the list and the patients' page are read again. */
export function useSaveTexto<T extends TextoTipo>(tipo: T) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TextoInput<T> }) =>
      id === undefined
        ? api.post<{ message: string }>(base(tipo), values)
        : api.put<{ message: string }>(`${base(tipo)}/${id}`, values),
    onSuccess: () => client.invalidateQueries({ queryKey: conteudoKeys.lista(tipo) }),
  });
}

/** `DELETE /api/admin/conteudo/{faqs|dicas}/:id`. */
export function useDeleteTexto(tipo: TextoTipo) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${base(tipo)}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: conteudoKeys.lista(tipo) }),
  });
}

/** `PUT /api/admin/conteudo/{faqs|dicas}/ordem` with every id in the new order. */
export function useReorderTextos(tipo: TextoTipo) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.put<{ message: string }>(`${base(tipo)}/ordem`, { ids }),
    onSettled: () => client.invalidateQueries({ queryKey: conteudoKeys.lista(tipo) }),
  });
}
