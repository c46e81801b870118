import { Button, Stack, Text } from '@mantine/core';
import type { PublicTimelineItem } from '@pulso/domain';
import { useState } from 'react';
import { AppModal } from '../../ui/app-modal.tsx';
import { TimelineItemDetail } from '../../ui/timeline/timeline-detail.tsx';
import { countLine, NO_RECORDS, tipoLabel } from '../../ui/timeline/timeline-format.ts';
import { TimelineRowContent, timelineListClasses } from '../../ui/timeline/timeline-row.tsx';
import { useLoadMoreTimeline } from './api/get-public-timeline-page.ts';
import classes from './public-tabs.module.css';
import { PatientHeading } from './tab-states.tsx';

/**
 * The 'Linha do tempo' tab of /code/:code as this viewer may read it (issue
 * 4; spec 1 §3 timeline; spec 2 §2 "a detail dialog for a timeline item"):
 * records newest first with the type, its icon, the date, a 50-character
 * preview and who added it; each opens a dialog with the whole record.
 * 'Carregar mais' asks for the next page while fewer than `total` are loaded.
 */
export function TimelineTab({
  code,
  name,
  items,
  total,
}: {
  code: string;
  name: string;
  items: PublicTimelineItem[];
  total: number;
}) {
  // The record stays set while the dialog closes, so its title does not blank during the transition.
  const [selected, setSelected] = useState<PublicTimelineItem | null>(null);
  const [opened, setOpened] = useState(false);
  const loadMore = useLoadMoreTimeline(code);

  return (
    <>
      <PatientHeading name={name} />
      <section aria-labelledby="timeline-titulo">
        <h2 id="timeline-titulo" className={classes.sectionTitle}>
          Linha do tempo
        </h2>
        {items.length === 0 ? (
          <p className={classes.none}>{NO_RECORDS}</p>
        ) : (
          <>
            <p className={classes.count}>{countLine(items.length, total)}</p>
            <ul className={timelineListClasses.list}>
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={timelineListClasses.row}
                    onClick={() => {
                      setSelected(item);
                      setOpened(true);
                    }}
                    aria-haspopup="dialog"
                  >
                    <TimelineRowContent item={item} />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {items.length < total && (
          <Stack gap="xs" align="center" mt="md">
            {loadMore.isError && (
              <Text role="alert" c="red.9" fw={600}>
                {loadMore.error.message}
              </Text>
            )}
            <Button
              size="md"
              variant="outline"
              loading={loadMore.isPending}
              onClick={() => loadMore.mutate(items.length)}
            >
              Carregar mais
            </Button>
          </Stack>
        )}
      </section>
      <AppModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={selected ? tipoLabel(selected.tipo) : ''}
        size="lg"
      >
        {selected && <TimelineItemDetail item={selected} />}
      </AppModal>
    </>
  );
}
