import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list of {@link RecordCard}s, without bullets. */
export function RecordList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/**
 * One record of an admin queue (a report, a credential) as a list item
 * named by its `title` (an `<h2>` with id `titleId`), its status in words
 * on a `badge` coloured `badge.color`, then `children`.
 */
export function RecordCard({
  titleId,
  title,
  badge,
  children,
}: {
  titleId: string;
  title: ReactNode;
  badge: { label: string; color: string };
  children: ReactNode;
}) {
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Badge color={badge.color} variant="filled">
            {badge.label}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
