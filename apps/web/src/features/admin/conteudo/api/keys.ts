import type { ContentSlug } from '@pulso/domain';

/** Query keys of the content editor (issue 9 "Content"), all under `['admin', 'conteudo']`. */
export const conteudoKeys = {
  all: ['admin', 'conteudo'] as const,
  lista: (tipo: 'faqs' | 'dicas') => ['admin', 'conteudo', tipo] as const,
  pagina: (slug: ContentSlug) => ['admin', 'conteudo', 'paginas', slug] as const,
  score: ['admin', 'conteudo', 'score'] as const,
};
