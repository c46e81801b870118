import { Badge, type BadgeProps } from '@mantine/core';

/**
 * An on/off state in words on a filled badge, teal when on and grey when off
 * (never by colour alone): `labels` are the words for on and for off.
 */
export function StateBadge({
  on,
  labels,
  ...badge
}: Omit<BadgeProps, 'color' | 'variant' | 'children'> & { on: boolean; labels: readonly [string, string] }) {
  return (
    <Badge color={on ? 'teal.9' : 'gray.7'} variant="filled" {...badge}>
      {on ? labels[0] : labels[1]}
    </Badge>
  );
}
