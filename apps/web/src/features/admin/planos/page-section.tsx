import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One section of the plans page, named by its `<h2>` `title` (id `titleId`),
 * with an `action` button on the heading's right, then `children`.
 */
export function PageSection({
  titleId,
  title,
  action,
  children,
}: {
  titleId: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h3" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      {action ? (
        <Group justify="space-between">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
