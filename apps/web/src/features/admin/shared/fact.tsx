import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One fact of a record shown in an admin dialog: a `<dt>` label (dimmed)
 * over its `<dd>` value; put the facts in a `<dl>`. `valueClassName` styles
 * the value.
 */
export function Fact({
  label,
  valueClassName,
  children,
}: {
  label: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} className={valueClassName}>
        {children}
      </Text>
    </div>
  );
}
