import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './app-modal.tsx';

/**
 * An action asked again before it happens (a deletion needs confirmation:
 * docs/architecture.md "Shared controls"): the title, what will happen,
 * 'Cancelar' (focused first, so Enter does no harm) and the confirm
 * button — red unless `tone` is 'neutral' — busy while the request runs.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  busy,
  onConfirm,
  onClose,
  tone = 'danger',
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; 'Voltar' where the action itself is a cancellation. */
  cancelLabel?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  tone?: 'danger' | 'neutral';
}) {
  return (
    <AppModal opened={opened} onClose={busy ? () => {} : onClose} title={title}>
      <Text mb="lg">{children}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={tone === 'danger' ? 'red.9' : undefined} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}
