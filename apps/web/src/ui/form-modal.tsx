import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { AppModal } from './app-modal.tsx';

/**
 * A create / edit dialog holding one form: `children` its fields, then
 * 'Cancelar' (closes) and 'Salvar' (submits; busy while `busy`, disabled
 * while `submitDisabled`). The submit event stops at the form, so that a
 * form around the page never receives it.
 */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  busy,
  submitDisabled = false,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Typically react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  busy: boolean;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event);
        }}
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
