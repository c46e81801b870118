import { Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDateBR, INT4_MAX, TIMELINE_MESSAGES } from '@pulso/domain';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { Icon } from '../../../ui/icon.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { tipoLabel } from '../../../ui/timeline/timeline-format.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useTimelineItem } from '../api/get-timeline-item.ts';
import { ItemCard } from './item-card.tsx';
import classes from './timeline-item-page.module.css';

/** The `:id` of the path as a record id, or null when it cannot be one. */
export function parseItemId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

function BackLink() {
  return (
    <Anchor component={Link} to={paths.timeline} className={classes.back} fw={500}>
      <Icon name="back" size={18} />
      Voltar para a linha do tempo
    </Anchor>
  );
}

/** 404 (docs/health-record.md "One record": 'Registro não encontrado'): gone, never there, or someone else's. */
function ItemNotFound() {
  useDocumentTitle(TIMELINE_MESSAGES.notFound);
  return (
    <div className={classes.page}>
      <BackLink />
      <Stack gap="sm" align="flex-start" className={classes.notFound}>
        <Title order={1}>{TIMELINE_MESSAGES.notFound}</Title>
        <Text>Este registro não existe, foi excluído ou não está disponível para você.</Text>
        <Button component={Link} to={paths.timeline} variant="default">
          Ir para a linha do tempo
        </Button>
      </Stack>
    </div>
  );
}

function ItemScreen({ id }: { id: number }) {
  const query = useTimelineItem(id);
  const item = query.data?.timelineItem;
  useDocumentTitle(item ? `${tipoLabel(item.tipo)} de ${formatDateBR(item.data)}` : pageTitles.timelineItem);

  if (query.error instanceof ApiError && query.error.status === 404) return <ItemNotFound />;

  return (
    <div className={classes.page}>
      <BackLink />
      {query.isPending ? (
        <Stack gap="md" role="status" aria-label="Carregando registro">
          <Skeleton height={36} width="45%" />
          <Skeleton height={160} />
          <Skeleton height={96} />
        </Stack>
      ) : query.isError && !query.data ? (
        <>
          <Title order={1}>{pageTitles.timelineItem}</Title>
          <QueryError
            title="Não foi possível carregar o registro"
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      ) : (
        <ItemCard
          key={query.data.timelineItem.id}
          item={query.data.timelineItem}
          user={query.data.user}
          role={query.data.role}
        />
      )}
    </div>
  );
}

/**
 * /timeline/item/:id (docs/health-record.md "One record"; issue 5): one
 * record of the patient's timeline — or one the caller added to someone
 * else's — to read, edit, delete and manage its attachments. An id that
 * cannot exist and a 404 show 'Registro não encontrado' with a way back.
 */
export default function TimelineItemPage() {
  const id = parseItemId(useParams().id);
  return id === null ? <ItemNotFound /> : <ItemScreen key={id} id={id} />;
}
