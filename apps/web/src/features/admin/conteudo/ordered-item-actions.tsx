import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons of one item of an ordered list of /admin/conteudo (the FAQs,
 * the tips, a score category's questions): 'Editar', 'Subir' and 'Descer'
 * (disabled at either end and while a move is being saved: `moving`), the
 * on/off switch reading `toggleLabel`, then `children`. `name(verb)` is each
 * button's accessible name, saying which item it acts on. A move hands
 * `onReorder` every id of the list (`ids`) in the new order.
 */
export function OrderedItemActions({
  ids,
  index,
  moving,
  name,
  onEdit,
  onReorder,
  toggleLabel,
  onToggle,
  children,
}: {
  ids: readonly number[];
  index: number;
  moving: boolean;
  name: (verb: string) => string;
  onEdit: () => void;
  onReorder: (ids: number[]) => void;
  toggleLabel: string;
  onToggle: () => void;
  children?: ReactNode;
}) {
  const move = (delta: -1 | 1) => {
    const next = [...ids];
    const target = index + delta;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target] as number, next[index] as number];
    onReorder(next);
  };
  return (
    <Group gap={6} wrap="wrap">
      <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={name('Editar')}>
        Editar
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={index === 0 || moving}
        onClick={() => move(-1)}
        aria-label={name('Subir')}
      >
        Subir
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={index === ids.length - 1 || moving}
        onClick={() => move(1)}
        aria-label={name('Descer')}
      >
        Descer
      </Button>
      <Button size="compact-sm" variant="default" onClick={onToggle} aria-label={name(toggleLabel)}>
        {toggleLabel}
      </Button>
      {children}
    </Group>
  );
}
