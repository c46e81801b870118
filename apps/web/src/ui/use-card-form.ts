import type { UseMutationResult } from '@tanstack/react-query';
import { type BaseSyntheticEvent, useLayoutEffect, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useSnackbar } from '../lib/snackbar/snackbar-context.tsx';
import { applyServerErrors } from './server-errors.ts';

/** What an editable card (/home, /saude) needs to edit and save its section. */
export interface CardFormOptions<TValues extends FieldValues, TOutput> {
  resolver: Resolver<TValues, unknown, TOutput>;
  /** The saved values as the form shows them (masks applied, comma decimals, blanks as empty strings). */
  saved: TValues;
  /** The card's `PUT` mutation; its answer carries the success `message`. */
  mutation: UseMutationResult<{ message: string }, Error, TOutput>;
  /** Fields that may receive a 422 error; the first is focused when editing starts. */
  fields: readonly Path<TValues>[];
  /** Last check before sending (answers `false` to stop, after setting its own errors). */
  beforeSave?: (form: UseFormReturn<TValues, unknown, TOutput>) => boolean;
}

/** State and handlers of a card's form. */
export interface CardForm<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  editing: boolean;
  saving: boolean;
  startEditing: () => void;
  cancel: () => void;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * View/edit cycle of an editable card (docs/architecture.md "Shared controls"):
 * 'Editar' loads the saved values, 'Cancelar' restores them, 'Salvar' validates
 * with the domain schema and sends its output. Success shows the server's
 * 'Salvo com sucesso' and returns to view mode; a 422 puts each message under
 * its field and the first in the snackbar, and keeps everything typed.
 */
export function useCardForm<TValues extends FieldValues, TOutput>({
  resolver,
  saved,
  mutation,
  fields,
  beforeSave,
}: CardFormOptions<TValues, TOutput>): CardForm<TValues, TOutput> {
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState(false);
  const form = useForm<TValues, unknown, TOutput>({
    resolver,
    defaultValues: saved as DefaultValues<TValues>,
  });
  const firstField = fields[0];

  // In the commit that shows the form, before the browser can paint it or take a keystroke: a
  // later effect could move the focus away from a field the person already started typing in
  // (the text then goes into the first field, or nowhere, and the old value is saved).
  useLayoutEffect(() => {
    if (editing && firstField) form.setFocus(firstField);
  }, [editing, firstField, form.setFocus]);

  const startEditing = () => {
    form.reset(saved);
    setEditing(true);
  };

  const cancel = () => {
    form.reset(saved);
    setEditing(false);
  };

  const submit = form.handleSubmit((output) => {
    if (beforeSave && !beforeSave(form)) return;
    mutation.mutate(output, {
      onSuccess: (answer) => {
        setEditing(false);
        snackbar.success(answer.message);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, fields);
        snackbar.error(error);
      },
    });
  });

  return { form, editing, saving: mutation.isPending, startEditing, cancel, submit };
}
