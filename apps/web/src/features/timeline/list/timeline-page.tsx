import { Button, Switch, Title } from '@mantine/core';
import { isLocked, type TimelineItemView } from '@pulso/domain';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUser } from '../../../lib/auth.tsx';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { LockedButton } from '../../../ui/trial-lock/locked-button.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { appendTimelineItems, type TimelineFilter, useTimelinePages } from '../api/get-timeline-page.ts';
import { LockedNotice } from '../shared/trial-lock.tsx';
import { PendingRecords } from './pending-records.tsx';
import classes from './timeline-page.module.css';
import { TimelineLoadError, TimelineResults, TimelineSkeleton } from './timeline-results.tsx';
import { SearchBanner, TimelineSearchForm } from './timeline-search.tsx';

/** URL query of the list's state, so that going back from a record finds the same list. */
const SEARCH_PARAM = 'busca';
const MEDICO_PARAM = 'medico';

/** The filter in the URL: `?busca=<term>&medico=M`. */
export function filterFromParams(params: URLSearchParams): TimelineFilter {
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  return { medico: params.get(MEDICO_PARAM) === 'M' ? 'M' : 'all', search: search === '' ? null : search };
}

const ADD_LABEL = 'Novo registro';

/**
 * /timeline, the patient's health timeline (docs/health-record.md "The list",
 * "Search"; issue 5): newest first, each record with its type, icon, date,
 * 50-character preview and author, opening /timeline/item/:id; 'Carregar
 * mais' pages through. A search (enabled only with a term) shows a banner
 * with the term and a clear button; 'Somente médicos' keeps the records
 * doctor accounts added. 'Novo registro' goes to /timeline/add — for a locked
 * user (docs/health-record.md "Trial lock") it is disabled with the lock message
 * as its tooltip and a way to /planos. Above the list, the records others added that
 * await the patient's approval (`PendingRecords`, docs/timeline-privacy.md).
 */
export default function TimelinePage() {
  useDocumentTitle(pageTitles.timeline);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const query = useTimelinePages(filter);
  const shellUser = useUser().data?.user;
  const searchInput = useRef<HTMLInputElement>(null);

  const user = query.data?.pages[0]?.user ?? shellUser;
  const locked = user ? isLocked(user) : false;

  const update = (next: TimelineFilter) => {
    const search = new URLSearchParams(params);
    if (next.search) search.set(SEARCH_PARAM, next.search);
    else search.delete(SEARCH_PARAM);
    if (next.medico === 'M') search.set(MEDICO_PARAM, 'M');
    else search.delete(MEDICO_PARAM);
    setParams(search, { replace: true });
  };

  const clearSearch = () => {
    update({ ...filter, search: null });
    searchInput.current?.focus();
  };

  const items = query.data?.pages.reduce<TimelineItemView[]>(
    (all, page) => appendTimelineItems(all, page.timelineItems),
    [],
  );

  return (
    <div className={classes.page}>
      <div className={classes.header}>
        <Title order={1} className={classes.title}>
          {pageTitles.timeline}
        </Title>
        <div className={classes.headerActions}>
          {locked ? (
            <LockedButton>{ADD_LABEL}</LockedButton>
          ) : (
            <Button component={Link} to={paths.timelineAdd}>
              {ADD_LABEL}
            </Button>
          )}
        </div>
      </div>
      {locked && <LockedNotice />}

      <PendingRecords />

      <div className={classes.filters}>
        <TimelineSearchForm
          initial={filter.search ?? ''}
          inputRef={searchInput}
          onSearch={(term) => update({ ...filter, search: term })}
        />
        <Switch
          size="md"
          label="Somente médicos"
          description="Só os registros adicionados por médicos"
          checked={filter.medico === 'M'}
          onChange={(event) => update({ ...filter, medico: event.currentTarget.checked ? 'M' : 'all' })}
          classNames={{ root: classes.switch, track: classes.switchTrack }}
        />
      </div>

      {filter.search && <SearchBanner term={filter.search} onClear={clearSearch} />}

      {query.isPending ? (
        <TimelineSkeleton />
      ) : query.isError && !query.data ? (
        <TimelineLoadError
          message={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <TimelineResults
          items={items ?? []}
          total={query.data.pages.at(-1)?.total ?? 0}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          loadMoreError={query.isFetchNextPageError ? query.error.message : null}
          onLoadMore={() => void query.fetchNextPage()}
          emptyHint={emptyHint(filter, locked)}
        />
      )}
    </div>
  );
}

function emptyHint(filter: TimelineFilter, locked: boolean): string | undefined {
  if (filter.search) return 'Confira a grafia ou busque por outra palavra.';
  if (filter.medico === 'M') return 'Nenhum médico adicionou registros à sua linha do tempo ainda.';
  if (locked) return undefined;
  return 'Guarde aqui consultas, exames, receitas e vacinas, com fotos e PDFs, para ter seu histórico de saúde sempre à mão.';
}
