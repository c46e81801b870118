import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** The scroll area's props that let a keyboard reach it (and scroll it) with Tab. */
const FOCUSABLE = { viewportProps: { tabIndex: 0 } };

/**
 * A striped table of records that scrolls sideways below `minWidth` pixels:
 * named by `label`, one header per column (`scope="col"`), `children` its
 * rows. `actions` adds a last column of buttons whose header, 'Ações', only
 * screen readers read; `focusable` lets the keyboard scroll a table that has
 * no button to focus.
 */
export function DataTable({
  label,
  minWidth,
  columns,
  actions = false,
  focusable = false,
  children,
}: {
  label?: string;
  minWidth: number;
  columns: readonly string[];
  actions?: boolean;
  focusable?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={focusable ? FOCUSABLE : undefined}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            {actions && (
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
