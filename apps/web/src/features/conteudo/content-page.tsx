import { Skeleton, Stack, Title } from '@mantine/core';
import type { ContentSlug } from '@pulso/domain';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { pageTitles } from '../../lib/paths.ts';
import { sanitizeContentHtml } from '../../ui/content/sanitize-content.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useContentPage } from './api/get-content-page.ts';
import classes from './content-page.module.css';

const TITLES: Record<ContentSlug, string> = { termos: pageTitles.termos, politica: pageTitles.politica };

/**
 * A legal page kept in the database (issue 3 "Terms and privacy"): the title
 * as `<h1>`, then the server's HTML sanitised by {@link sanitizeContentHtml}.
 * Links to paths of the app navigate inside the SPA.
 */
export function ContentPage({ slug }: { slug: ContentSlug }) {
  useDocumentTitle(TITLES[slug]);
  const query = useContentPage(slug);
  const navigate = useNavigate();
  const html = useMemo(() => (query.data ? sanitizeContentHtml(query.data.html) : ''), [query.data]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || link?.target || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Stack gap="md" component="article" aria-labelledby="conteudo-titulo">
      <Title order={1} id="conteudo-titulo">
        {query.data?.titulo ?? TITLES[slug]}
      </Title>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Carregando o texto">
          <Skeleton height={14} width="40%" />
          {[95, 100, 88, 100, 70, 100, 92].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder lines
            <Skeleton key={index} height={14} width={`${width}%`} />
          ))}
        </Stack>
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar o texto"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks of the links inside, which keep their own keyboard behaviour
        <div
          className={classes.body}
          onClick={onClick}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify to h2/h3/p/ul/li/a
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </Stack>
  );
}
