import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { TimelineItemView } from '@pulso/domain';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { countLine, NO_RECORDS } from '../../../ui/timeline/timeline-format.ts';
import { TimelineRowContent, timelineListClasses } from '../../../ui/timeline/timeline-row.tsx';
import classes from './timeline-page.module.css';

/** Placeholder of the list while its first page loads. */
export function TimelineSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Carregando registros">
      <Skeleton height={18} width="30%" />
      <Skeleton height={84} />
      <Skeleton height={84} />
      <Skeleton height={84} />
    </Stack>
  );
}

/** The first page could not be read: the server's message and a retry. */
export function TimelineLoadError({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <QueryError
      title="Não foi possível carregar sua linha do tempo"
      message={message}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

/**
 * The records loaded so far (docs/health-record.md "The list"): a count line
 * ('20 de 45 registros'), one link per record to /timeline/item/:id and
 * 'Carregar mais' while fewer than `total` are loaded; 'Nenhum registro.'
 * when none match.
 */
export function TimelineResults({
  items,
  total,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
  emptyHint,
}: {
  items: TimelineItemView[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  onLoadMore: () => void;
  /** A line under 'Nenhum registro.' (what to do next), if any. */
  emptyHint?: string | undefined;
}) {
  if (items.length === 0) {
    return (
      <div className={classes.none} role="status">
        <p className={classes.noneTitle}>{NO_RECORDS}</p>
        {emptyHint && <p className={classes.noneHint}>{emptyHint}</p>}
      </div>
    );
  }
  return (
    <section aria-labelledby="timeline-registros" className={classes.results}>
      <h2 id="timeline-registros" className={classes.resultsTitle}>
        Registros
      </h2>
      <p className={classes.count} role="status">
        {countLine(items.length, total)}
      </p>
      <ul className={timelineListClasses.list}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={generatePath(paths.timelineItem, { id: String(item.id) })}
              className={timelineListClasses.row}
            >
              <TimelineRowContent item={item} />
            </Link>
          </li>
        ))}
      </ul>
      {hasMore && (
        <Stack gap="xs" align="center" mt="sm">
          {loadMoreError && (
            <Text role="alert" c="red.9" fw={600}>
              {loadMoreError}
            </Text>
          )}
          <Button size="md" variant="outline" loading={loadingMore} onClick={onLoadMore}>
            Carregar mais
          </Button>
        </Stack>
      )}
    </section>
  );
}
