import { Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../../ui/query-error.tsx';
import { TextAccordion, type TextAccordionItem } from '../../ui/text-accordion.tsx';
import classes from './text-list-page.module.css';

/**
 * The page of a list of expandable texts, /dicas and /faqs (docs/indicators-and-score.md
 * "Tips and FAQ"): the title and its intro, then 'Carregando ...', the read's error with
 * 'Tentar novamente', the empty message, or the texts; `after` follows the texts (or the
 * empty message) once the answer arrived.
 */
export function TextListPage<T>({
  title,
  intro,
  query,
  errorTitle,
  emptyMessage,
  items,
  after,
}: {
  title: string;
  intro: string;
  query: UseQueryResult<T, Error>;
  errorTitle: string;
  emptyMessage: string;
  items: (data: T) => TextAccordionItem[];
  after?: (data: T) => ReactNode;
}) {
  const data = query.data;
  const list = data === undefined ? [] : items(data);
  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text>{intro}</Text>
      </Stack>
      {query.isPending ? (
        <div className={classes.state} role="status">
          <Loader size="md" aria-hidden="true" />
          <Text fw={500}>Carregando ...</Text>
        </div>
      ) : query.isError || data === undefined ? (
        <QueryError
          title={errorTitle}
          message={query.error?.message ?? ''}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          {list.length === 0 ? (
            <div className={classes.empty}>
              <Text fw={600}>{emptyMessage}</Text>
            </div>
          ) : (
            <TextAccordion items={list} />
          )}
          {after?.(data)}
        </>
      )}
    </div>
  );
}
