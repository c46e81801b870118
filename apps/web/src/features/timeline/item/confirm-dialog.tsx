import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from '../../../ui/app-modal.tsx';

/**
 * A destructive action asked again (docs/health-record.md "Viewing, editing
 * and deleting"): the title, what will happen, 'Cancelar' (focused first:
 * Enter does no harm) and the red confirm button, busy while the request
 * runs.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AppModal opened={opened} onClose={busy ? () => {} : onClose} title={title}>
      <Text mb="lg">{children}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          Cancelar
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}
