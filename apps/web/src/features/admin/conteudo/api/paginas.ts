import type { ContentSlug, PaginaAdmin } from '@pulso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { conteudoKeys } from './keys.ts';

/** `GET /api/admin/conteudo/paginas/:slug`: the stored HTML, when and by whom it was last edited. */
export function usePagina(slug: ContentSlug) {
  return useQuery({
    queryKey: conteudoKeys.pagina(slug),
    queryFn: ({ signal }) => api.get<PaginaAdmin>(`/admin/conteudo/paginas/${slug}`, signal),
  });
}

/** `PUT /api/admin/conteudo/paginas/:slug` `{html}`: the server sanitises and publishes it. */
export function useSavePagina(slug: ContentSlug) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (html: string) =>
      api.put<{ message: string; pagina: PaginaAdmin }>(`/admin/conteudo/paginas/${slug}`, { html }),
    onSuccess: (answer) => {
      client.setQueryData(conteudoKeys.pagina(slug), answer.pagina);
      // The public page of this browser (/termos-de-uso, /politica-de-privacidade) is read again.
      void client.invalidateQueries({ queryKey: ['conteudo', slug] });
    },
  });
}
