import type { ContentPage, ContentSlug } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of one legal page (`termos` or `politica`). */
export const contentPageQueryKey = (slug: ContentSlug) => ['conteudo', slug] as const;

/** `GET /api/termos` or `GET /api/politica` (public): `{titulo, html, updated_at}` (issue 3). */
export function useContentPage(slug: ContentSlug) {
  return useQuery({
    queryKey: contentPageQueryKey(slug),
    queryFn: ({ signal }) => api.get<ContentPage>(`/${slug}`, signal),
    staleTime: 10 * 60 * 1000,
  });
}
