import { SegmentedControl, type SegmentedControlProps, Text } from '@mantine/core';

/**
 * A segmented control (a filter's choices) under a visible `label` that
 * names it for screen readers (`aria-labelledby` the label's `id`).
 */
export function LabelledSegmentedControl({
  id,
  label,
  ...control
}: SegmentedControlProps & { id: string; label: string }) {
  return (
    <div>
      <Text id={id} size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} {...control} />
    </div>
  );
}
