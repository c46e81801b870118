import { Button, Group, type MantineColor, type MantineSize, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReset } from 'react-hook-form';
import { AppModal } from './app-modal.tsx';

/**
 * A create / edit dialog holding one form: `children` its fields, then
 * 'Cancelar' (closes) and 'Salvar' (submits; busy while `busy`, disabled
 * while `submitDisabled`). The submit event stops at the form, so that a
 * form around the page never receives it.
 *
 * Optional: `label` names the form; `submitLabel` and `submitColor` word and
 * colour the submit button ('Salvar plano', a red 'Recusar cadastro');
 * `lockCancel` disables 'Cancelar' while `busy`; `size` (default 'lg') and
 * `gap` (between the fields, default 'md') lay the dialog out.
 */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  busy,
  submitDisabled = false,
  label,
  submitLabel = 'Salvar',
  submitColor,
  lockCancel = false,
  size = 'lg',
  gap = 'md',
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Typically react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  busy: boolean;
  submitDisabled?: boolean;
  label?: string;
  submitLabel?: string;
  submitColor?: MantineColor;
  lockCancel?: boolean;
  size?: MantineSize;
  gap?: MantineSize;
  children: ReactNode;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size={size}>
      <form
        aria-label={label}
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event);
        }}
      >
        <Stack gap={gap}>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={lockCancel && busy}>
              Cancelar
            </Button>
            <Button type="submit" color={submitColor} loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/**
 * Puts a {@link FormModal}'s form back to `values` (the record's, or a new
 * one's) each time the dialog opens, so that it never opens on what was
 * typed, or the errors shown, before it last closed.
 */
export function useFormResetOnOpen<T extends FieldValues>(
  opened: boolean,
  reset: UseFormReset<T>,
  values: T,
) {
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (opened) reset(latest.current);
  }, [opened, reset]);
}
